/** Job families of customer service, sales, marketing, finance, HR, law and the front office. */
import { jobTitle, type JobFamily } from './types';

export const customerService: JobFamily = {
  fn: 'ITES / BPO / Customer Service / Telecalling',
  weight: 11,
  siteBoost: { monsterphilippines: 2.5, rexmonster: 1.3, monstermalaysia: 1.3 },
  sectors: ['bpo', 'tech', 'finance', 'retail'],
  titles: [
    jobTitle('Customer Service Executive', [0, 3], ['Voice Process', 'Customer Handling']),
    jobTitle('Customer Support Associate', [0, 2], ['Chat Support', 'Email Support']),
    jobTitle('Telecaller', [0, 2], ['Outbound Calling', 'Telesales']),
    jobTitle('Technical Support Associate', [0, 3], ['Technical Support', 'Troubleshooting']),
    jobTitle('Voice Process Executive', [0, 2], ['Voice Process', 'International BPO']),
    jobTitle(
      'Team Leader - Customer Service',
      [4, 8],
      ['Team Handling', 'Quality Audits', 'SLA'],
      'fixed',
    ),
  ],
  common: ['Communication Skills', 'English Fluency', 'CRM', 'Problem Solving', 'Customer Service'],
  team: 'customer experience',
  duties: [
    'Answer customer calls, chats and emails and resolve their queries on the first contact',
    'Record every interaction accurately in the CRM',
    'Meet targets for quality, customer satisfaction and handling time',
    'Escalate complex cases to the right team and follow them up',
    'Work in rotational shifts, including nights and weekends',
  ],
  qualIndia: ['Any Graduate', '12th Pass', 'Any Graduate (freshers welcome)'],
  qualIntl: ['High school diploma or college degree', 'At least two years of college'],
  pay: 0.75,
  walkin: 0.266,
};

export const sales: JobFamily = {
  fn: 'Sales / Business Development / Client Servicing',
  weight: 12,
  sectors: ['tech', 'finance', 'manufacturing', 'retail', 'logistics', 'media', 'hospitality'],
  titles: [
    jobTitle('Sales Executive', [0, 4], ['Field Sales', 'Lead Generation', 'Cold Calling']),
    jobTitle('Business Development Manager', [4, 10], ['B2B Sales', 'Negotiation', 'Key Accounts']),
    jobTitle(
      'Area Sales Manager',
      [5, 10],
      ['Channel Sales', 'Distributor Management', 'Team Handling'],
      'fixed',
    ),
    jobTitle(
      'Key Account Manager',
      [4, 10],
      ['Key Account Management', 'Client Relationship', 'Upselling'],
    ),
    jobTitle('Inside Sales Representative', [0, 4], ['Inside Sales', 'SaaS Sales', 'Salesforce']),
    jobTitle('Client Servicing Executive', [1, 5], ['Client Servicing', 'Account Management']),
  ],
  common: [
    'Negotiation',
    'CRM',
    'Target Achievement',
    'Presentation Skills',
    'Communication Skills',
  ],
  team: 'sales',
  duties: [
    'Find and qualify new customers in your territory and grow existing accounts',
    'Prepare proposals, negotiate terms and close deals',
    'Achieve monthly and quarterly revenue targets',
    'Keep the CRM up to date and report the pipeline every week',
    'Visit clients and attend trade shows and industry events',
  ],
  qualIndia: ['Any Graduate', 'MBA/PGDM (Marketing)', 'BBA'],
  qualIntl: ["Bachelor's degree in Business or Marketing", 'Diploma or degree in any discipline'],
  pay: 1.0,
  walkin: 0.112,
};

export const marketing: JobFamily = {
  fn: 'Marketing / Advertising / PR / Media Planning',
  weight: 5,
  sectors: ['media', 'tech', 'retail', 'hospitality', 'education'],
  titles: [
    jobTitle(
      'Digital Marketing Executive',
      [0, 4],
      ['SEO', 'Google Ads', 'Social Media Marketing'],
    ),
    jobTitle(
      'Marketing Manager',
      [5, 12],
      ['Brand Management', 'Campaign Management', 'Budgeting'],
    ),
    jobTitle('SEO Specialist', [1, 6], ['SEO', 'Google Search Console', 'Keyword Research']),
    jobTitle(
      'Social Media Executive',
      [0, 3],
      ['Social Media Marketing', 'Content Creation', 'Canva'],
    ),
    jobTitle('Performance Marketing Manager', [3, 9], ['Google Ads', 'Meta Ads', 'SEM']),
    jobTitle('Content Writer', [0, 5], ['Content Writing', 'Copywriting', 'SEO']),
  ],
  common: ['Google Analytics', 'Email Marketing', 'Content Marketing', 'Market Research'],
  team: 'marketing',
  duties: [
    'Plan and run campaigns across search, social, email and offline channels',
    'Track campaign performance and optimise spend against targets',
    'Brief agencies and designers and review creative work',
    'Grow our organic reach through content and SEO',
    'Analyse competitors and customer insights to shape positioning',
  ],
  qualIndia: ['MBA/PGDM (Marketing)', 'BBA', 'Any Graduate', 'BMM'],
  qualIntl: ["Bachelor's degree in Marketing, Communications or related field"],
  pay: 1.0,
  walkin: 0.035,
};

export const accounting: JobFamily = {
  fn: 'Accounting / Tax / Company Secretary / Audit',
  weight: 7,
  sectors: [
    'consulting',
    'finance',
    'manufacturing',
    'construction',
    'retail',
    'logistics',
    'hospitality',
  ],
  titles: [
    jobTitle('Accountant', [1, 6], ['Bookkeeping', 'General Ledger', 'Bank Reconciliation']),
    jobTitle(
      'Accounts Executive',
      [0, 4],
      ['Accounts Payable', 'Accounts Receivable', 'Invoicing'],
    ),
    jobTitle(
      'Senior Accountant',
      [5, 10],
      ['Financial Reporting', 'Month-end Closing', 'IFRS'],
      'fixed',
    ),
    jobTitle(
      'Audit Associate',
      [0, 4],
      ['Statutory Audit', 'Internal Audit', 'Audit Documentation'],
    ),
    jobTitle('Tax Consultant', [2, 8], ['Direct Tax', 'Indirect Tax', 'Tax Compliance']),
    jobTitle(
      'Finance & Accounts Manager',
      [8, 15],
      ['Budgeting', 'Cash Flow', 'Financial Reporting'],
      'fixed',
    ),
  ],
  common: ['MS Excel', 'Tally', 'GST', 'VAT', 'SAP FICO', 'QuickBooks'],
  team: 'finance and accounts',
  duties: [
    'Record day-to-day transactions and reconcile bank and vendor accounts',
    'Prepare monthly closing, statutory returns and management reports',
    'Process vendor payments and follow up on customer receivables',
    'Support internal and external auditors',
    'Keep the books compliant with local tax rules',
  ],
  qualIndia: ['B.Com', 'M.Com', 'CA', 'CA Inter', 'MBA/PGDM (Finance)'],
  qualIntl: ["Bachelor's degree in Accounting or Finance", 'ACCA or CPA (preferred)'],
  pay: 0.95,
  walkin: 0.07,
};

export const banking: JobFamily = {
  fn: 'Banking / Insurance',
  weight: 5,
  sectors: ['finance'],
  titles: [
    jobTitle('Relationship Manager', [2, 8], ['Wealth Management', 'Cross Selling', 'HNI Clients']),
    jobTitle(
      'Branch Manager',
      [8, 15],
      ['Branch Operations', 'Team Handling', 'Retail Banking'],
      'fixed',
    ),
    jobTitle(
      'Credit Analyst',
      [1, 6],
      ['Credit Analysis', 'Financial Statements', 'Risk Assessment'],
    ),
    jobTitle(
      'Insurance Advisor',
      [0, 3],
      ['Insurance Sales', 'Life Insurance', 'Client Acquisition'],
    ),
    jobTitle('Loan Officer', [1, 5], ['Loans', 'Underwriting', 'KYC']),
    jobTitle('Banking Operations Executive', [0, 4], ['Banking Operations', 'KYC', 'AML']),
  ],
  common: ['Retail Banking', 'Customer Service', 'Compliance', 'Sales'],
  team: 'branch banking',
  duties: [
    'Acquire and serve customers for deposits, loans, cards and insurance',
    'Assess applications and documents against credit and KYC policies',
    'Meet sales and service targets for your portfolio',
    'Keep every transaction compliant with regulatory guidelines',
  ],
  qualIndia: ['Any Graduate', 'MBA/PGDM (Finance)', 'B.Com'],
  qualIntl: ["Bachelor's degree in Finance, Economics or Business"],
  pay: 1.05,
  walkin: 0.105,
};

export const humanResources: JobFamily = {
  fn: 'HR / Admin / Industrial Relations / Training',
  weight: 5,
  sectors: ['tech', 'bpo', 'manufacturing', 'consulting', 'retail', 'health'],
  titles: [
    jobTitle('HR Executive', [0, 4], ['HR Operations', 'Onboarding', 'HRMS']),
    jobTitle(
      'Talent Acquisition Specialist',
      [1, 6],
      ['Recruitment', 'Sourcing', 'LinkedIn Recruiter'],
    ),
    jobTitle(
      'HR Business Partner',
      [6, 12],
      ['Employee Relations', 'Performance Management', 'HR Policies'],
    ),
    jobTitle('Payroll Executive', [1, 5], ['Payroll', 'Statutory Compliance', 'Excel']),
    jobTitle(
      'Admin Executive',
      [0, 5],
      ['Office Administration', 'Vendor Management', 'Facility Management'],
    ),
    jobTitle(
      'HR Manager',
      [8, 15],
      ['HR Strategy', 'Labour Law', 'Compensation & Benefits'],
      'fixed',
    ),
  ],
  common: ['Recruitment', 'Communication Skills', 'MS Office', 'Employee Engagement'],
  team: 'people',
  duties: [
    'Run hiring from job posting and screening to offers and onboarding',
    'Maintain employee records, payroll inputs and HR systems',
    'Handle employee queries and support managers on HR policies',
    'Organise engagement activities and training programmes',
    'Keep the company compliant with labour laws',
  ],
  qualIndia: ['MBA/PGDM (HR)', 'Any Graduate', 'BBA'],
  qualIntl: ["Bachelor's degree in Human Resources or Business Administration"],
  pay: 0.95,
  walkin: 0.049,
};

export const legal: JobFamily = {
  fn: 'Legal / Law',
  weight: 1,
  sectors: ['consulting', 'finance'],
  titles: [
    jobTitle('Legal Associate', [0, 4], ['Legal Research', 'Contract Drafting', 'Litigation']),
    jobTitle(
      'Legal Counsel',
      [5, 12],
      ['Corporate Law', 'Contract Negotiation', 'Regulatory Compliance'],
    ),
    jobTitle('Compliance Officer', [3, 9], ['Compliance', 'AML', 'Policy Drafting']),
  ],
  common: ['Due Diligence', 'Legal Drafting', 'Communication Skills'],
  team: 'legal',
  duties: [
    'Draft and review contracts, agreements and policies',
    'Advise business teams on legal and regulatory risk',
    'Manage external counsel and track disputes',
    'Keep the company current with changes in regulation',
  ],
  qualIndia: ['LLB', 'LLM', 'BA LLB'],
  qualIntl: ['Law degree and admission to practice'],
  pay: 1.2,
  walkin: 0.014,
};

export const frontOffice: JobFamily = {
  fn: 'Front Office / Secretarial / Computer Operator',
  weight: 3,
  sectors: ['consulting', 'health', 'construction', 'logistics', 'education', 'manufacturing'],
  titles: [
    jobTitle('Receptionist', [0, 3], ['Front Desk', 'Call Handling', 'Visitor Management']),
    jobTitle('Data Entry Operator', [0, 3], ['Data Entry', 'Typing Speed', 'MS Excel']),
    jobTitle('Office Assistant', [0, 3], ['Filing', 'Office Administration', 'MS Office']),
    jobTitle(
      'Executive Assistant',
      [3, 8],
      ['Calendar Management', 'Travel Coordination', 'Minutes of Meeting'],
    ),
  ],
  common: ['MS Office', 'Communication Skills', 'Organisation Skills'],
  team: 'administration',
  duties: [
    'Welcome visitors and handle calls, mail and couriers',
    'Keep records, files and databases accurate and up to date',
    'Manage calendars, meetings and travel bookings',
    'Support the office team with day-to-day administration',
  ],
  qualIndia: ['Any Graduate', '12th Pass'],
  qualIntl: ['High school diploma or degree in any discipline'],
  pay: 0.7,
  walkin: 0.14,
};
