/** Job families of hospitals, hotels and restaurants, schools and shops. */
import { jobTitle, type JobFamily } from './types';

export const healthcare: JobFamily = {
  fn: 'Medical Professional / Healthcare Practitioner',
  weight: 5,
  siteBoost: { monstergulf: 1.8 },
  sectors: ['health'],
  titles: [
    jobTitle('Staff Nurse', [0, 6], ['Patient Care', 'BLS', 'Medication Administration']),
    jobTitle('ICU Nurse', [2, 7], ['Critical Care', 'ACLS', 'Ventilator Management']),
    jobTitle(
      'General Physician',
      [2, 10],
      ['OPD Consultation', 'Diagnosis', 'Patient Counselling'],
    ),
    jobTitle('Pharmacist', [0, 6], ['Dispensing', 'Inventory', 'Drug Information']),
    jobTitle('Lab Technician', [0, 5], ['Phlebotomy', 'Sample Processing', 'Lab Equipment']),
    jobTitle('Physiotherapist', [0, 6], ['Rehabilitation', 'Manual Therapy', 'Exercise Therapy']),
  ],
  common: ['Clinical Documentation', 'Infection Control', 'Patient Safety', 'EMR'],
  team: 'clinical',
  duties: [
    'Provide safe, compassionate care to patients in line with clinical protocols',
    'Keep accurate clinical records in the hospital information system',
    'Work closely with doctors, nurses and allied health colleagues',
    'Take part in audits, training and quality improvement',
  ],
  qualIndia: ['B.Sc Nursing', 'GNM', 'MBBS', 'B.Pharm', 'DMLT', 'BPT'],
  qualIntl: [
    'Degree in Nursing with a valid licence',
    'MBBS with a valid licence',
    'Bachelor of Pharmacy',
  ],
  pay: 1.0,
  walkin: 0.112,
};

export const hospitality: JobFamily = {
  fn: 'Hotels / Restaurant Management',
  weight: 4,
  siteBoost: { monstergulf: 1.8, monsterthailand: 2, monsterindonesia: 1.4 },
  sectors: ['hospitality'],
  titles: [
    jobTitle('Front Office Executive', [0, 4], ['Guest Relations', 'Opera PMS', 'Reservations']),
    jobTitle('Chef de Partie', [3, 7], ['Continental Cuisine', 'Kitchen Operations', 'HACCP']),
    jobTitle('Commis Chef', [0, 3], ['Food Preparation', 'Food Safety', 'HACCP']),
    jobTitle(
      'Restaurant Manager',
      [5, 10],
      ['F&B Operations', 'Team Handling', 'Cost Control'],
      'fixed',
    ),
    jobTitle('Housekeeping Supervisor', [2, 6], ['Housekeeping', 'Room Inspection', 'Inventory']),
    jobTitle('F&B Service Associate', [0, 3], ['Food & Beverage Service', 'Guest Service', 'POS']),
  ],
  common: ['Customer Service', 'Hygiene Standards', 'Teamwork', 'Communication Skills'],
  team: 'hospitality',
  duties: [
    'Welcome guests and deliver service that earns five-star reviews',
    'Follow hygiene, food safety and brand standards on every shift',
    'Handle guest requests and complaints quickly and politely',
    'Support stock control and daily opening and closing checklists',
  ],
  qualIndia: ['Diploma in Hotel Management', 'BHM', '12th Pass'],
  qualIntl: ['Diploma in Hospitality or Culinary Arts', 'High school diploma'],
  pay: 0.75,
  walkin: 0.21,
};

export const teaching: JobFamily = {
  fn: 'Teaching / Education / Language Specialist',
  weight: 4,
  sectors: ['education'],
  titles: [
    jobTitle(
      'Mathematics Teacher',
      [1, 8],
      ['Mathematics', 'Lesson Planning', 'Classroom Management'],
    ),
    jobTitle('English Teacher', [1, 8], ['English Language', 'Lesson Planning', 'Phonics']),
    jobTitle('Science Teacher', [1, 8], ['Physics', 'Chemistry', 'Lab Demonstrations']),
    jobTitle('Academic Counsellor', [0, 4], ['Student Counselling', 'Admissions', 'Sales']),
    jobTitle('Lecturer', [2, 10], ['Teaching', 'Research', 'Curriculum Design']),
    jobTitle(
      'Curriculum Developer',
      [3, 8],
      ['Instructional Design', 'Content Development', 'Assessment Design'],
    ),
  ],
  common: ['Communication Skills', 'Online Teaching', 'CBSE', 'Cambridge IGCSE', 'IB Curriculum'],
  team: 'academic',
  duties: [
    'Plan and deliver engaging lessons that meet curriculum goals',
    'Assess student progress and give useful feedback to students and parents',
    'Contribute to school events, clubs and professional development',
    'Use digital tools to support classroom and online learning',
  ],
  qualIndia: ['B.Ed', 'M.Sc + B.Ed', 'M.A + B.Ed', 'Any Graduate'],
  qualIntl: ["Bachelor's degree with a teaching qualification (PGCE or equivalent)"],
  pay: 0.85,
  walkin: 0.084,
};

export const retail: JobFamily = {
  fn: 'Retail / Store Operations',
  weight: 4,
  sectors: ['retail'],
  titles: [
    jobTitle('Store Manager', [5, 10], ['Store Operations', 'P&L', 'Team Handling'], 'fixed'),
    jobTitle(
      'Retail Sales Associate',
      [0, 2],
      ['Retail Sales', 'Customer Service', 'Product Knowledge'],
    ),
    jobTitle('Cashier', [0, 2], ['Cash Handling', 'POS', 'Billing']),
    jobTitle(
      'Visual Merchandiser',
      [1, 5],
      ['Visual Merchandising', 'Planograms', 'Window Displays'],
    ),
    jobTitle('Store Supervisor', [2, 6], ['Store Operations', 'Inventory', 'Shift Management']),
  ],
  common: ['Customer Service', 'Inventory', 'Communication Skills', 'Upselling'],
  team: 'store',
  duties: [
    'Greet customers, help them find products and close sales',
    'Keep the store clean, stocked and merchandised to brand standards',
    'Handle billing, returns and cash accurately',
    'Support stock counts and deliveries',
  ],
  qualIndia: ['12th Pass', 'Any Graduate'],
  qualIntl: ['High school diploma', 'Diploma in any discipline'],
  pay: 0.7,
  walkin: 0.21,
};
