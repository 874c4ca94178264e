/** Job families of hospitals, hotels and restaurants, schools and shops. */
import type { JobFamily } from './types';

export const healthcare: JobFamily = {
  fn: 'Medical Professional / Healthcare Practitioner',
  weight: 5,
  siteBoost: { monstergulf: 1.8 },
  sectors: ['health'],
  titles: [
    {
      title: 'Staff Nurse',
      exp: [0, 6],
      skills: ['Patient Care', 'BLS', 'Medication Administration'],
    },
    {
      title: 'ICU Nurse',
      exp: [2, 7],
      skills: ['Critical Care', 'ACLS', 'Ventilator Management'],
    },
    {
      title: 'General Physician',
      exp: [2, 10],
      skills: ['OPD Consultation', 'Diagnosis', 'Patient Counselling'],
    },
    { title: 'Pharmacist', exp: [0, 6], skills: ['Dispensing', 'Inventory', 'Drug Information'] },
    {
      title: 'Lab Technician',
      exp: [0, 5],
      skills: ['Phlebotomy', 'Sample Processing', 'Lab Equipment'],
    },
    {
      title: 'Physiotherapist',
      exp: [0, 6],
      skills: ['Rehabilitation', 'Manual Therapy', 'Exercise Therapy'],
    },
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
    {
      title: 'Front Office Executive',
      exp: [0, 4],
      skills: ['Guest Relations', 'Opera PMS', 'Reservations'],
    },
    {
      title: 'Chef de Partie',
      exp: [3, 7],
      skills: ['Continental Cuisine', 'Kitchen Operations', 'HACCP'],
    },
    { title: 'Commis Chef', exp: [0, 3], skills: ['Food Preparation', 'Food Safety', 'HACCP'] },
    {
      title: 'Restaurant Manager',
      exp: [5, 10],
      skills: ['F&B Operations', 'Team Handling', 'Cost Control'],
      fixed: true,
    },
    {
      title: 'Housekeeping Supervisor',
      exp: [2, 6],
      skills: ['Housekeeping', 'Room Inspection', 'Inventory'],
    },
    {
      title: 'F&B Service Associate',
      exp: [0, 3],
      skills: ['Food & Beverage Service', 'Guest Service', 'POS'],
    },
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
    {
      title: 'Mathematics Teacher',
      exp: [1, 8],
      skills: ['Mathematics', 'Lesson Planning', 'Classroom Management'],
    },
    {
      title: 'English Teacher',
      exp: [1, 8],
      skills: ['English Language', 'Lesson Planning', 'Phonics'],
    },
    {
      title: 'Science Teacher',
      exp: [1, 8],
      skills: ['Physics', 'Chemistry', 'Lab Demonstrations'],
    },
    {
      title: 'Academic Counsellor',
      exp: [0, 4],
      skills: ['Student Counselling', 'Admissions', 'Sales'],
    },
    { title: 'Lecturer', exp: [2, 10], skills: ['Teaching', 'Research', 'Curriculum Design'] },
    {
      title: 'Curriculum Developer',
      exp: [3, 8],
      skills: ['Instructional Design', 'Content Development', 'Assessment Design'],
    },
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
    {
      title: 'Store Manager',
      exp: [5, 10],
      skills: ['Store Operations', 'P&L', 'Team Handling'],
      fixed: true,
    },
    {
      title: 'Retail Sales Associate',
      exp: [0, 2],
      skills: ['Retail Sales', 'Customer Service', 'Product Knowledge'],
    },
    { title: 'Cashier', exp: [0, 2], skills: ['Cash Handling', 'POS', 'Billing'] },
    {
      title: 'Visual Merchandiser',
      exp: [1, 5],
      skills: ['Visual Merchandising', 'Planograms', 'Window Displays'],
    },
    {
      title: 'Store Supervisor',
      exp: [2, 6],
      skills: ['Store Operations', 'Inventory', 'Shift Management'],
    },
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
