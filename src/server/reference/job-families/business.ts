/** Job families of customer service, sales, marketing, finance, HR, law and the front office. */
import type { JobFamily } from './types';

export const customerService: JobFamily = {
  fn: 'ITES / BPO / Customer Service / Telecalling',
  weight: 11,
  siteBoost: { monsterphilippines: 2.5, rexmonster: 1.3, monstermalaysia: 1.3 },
  sectors: ['bpo', 'tech', 'finance', 'retail'],
  titles: [
    {
      title: 'Customer Service Executive',
      exp: [0, 3],
      skills: ['Voice Process', 'Customer Handling'],
    },
    {
      title: 'Customer Support Associate',
      exp: [0, 2],
      skills: ['Chat Support', 'Email Support'],
    },
    { title: 'Telecaller', exp: [0, 2], skills: ['Outbound Calling', 'Telesales'] },
    {
      title: 'Technical Support Associate',
      exp: [0, 3],
      skills: ['Technical Support', 'Troubleshooting'],
    },
    {
      title: 'Voice Process Executive',
      exp: [0, 2],
      skills: ['Voice Process', 'International BPO'],
    },
    {
      title: 'Team Leader - Customer Service',
      exp: [4, 8],
      skills: ['Team Handling', 'Quality Audits', 'SLA'],
      fixed: true,
    },
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
    {
      title: 'Sales Executive',
      exp: [0, 4],
      skills: ['Field Sales', 'Lead Generation', 'Cold Calling'],
    },
    {
      title: 'Business Development Manager',
      exp: [4, 10],
      skills: ['B2B Sales', 'Negotiation', 'Key Accounts'],
    },
    {
      title: 'Area Sales Manager',
      exp: [5, 10],
      skills: ['Channel Sales', 'Distributor Management', 'Team Handling'],
      fixed: true,
    },
    {
      title: 'Key Account Manager',
      exp: [4, 10],
      skills: ['Key Account Management', 'Client Relationship', 'Upselling'],
    },
    {
      title: 'Inside Sales Representative',
      exp: [0, 4],
      skills: ['Inside Sales', 'SaaS Sales', 'Salesforce'],
    },
    {
      title: 'Client Servicing Executive',
      exp: [1, 5],
      skills: ['Client Servicing', 'Account Management'],
    },
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
    {
      title: 'Digital Marketing Executive',
      exp: [0, 4],
      skills: ['SEO', 'Google Ads', 'Social Media Marketing'],
    },
    {
      title: 'Marketing Manager',
      exp: [5, 12],
      skills: ['Brand Management', 'Campaign Management', 'Budgeting'],
    },
    {
      title: 'SEO Specialist',
      exp: [1, 6],
      skills: ['SEO', 'Google Search Console', 'Keyword Research'],
    },
    {
      title: 'Social Media Executive',
      exp: [0, 3],
      skills: ['Social Media Marketing', 'Content Creation', 'Canva'],
    },
    {
      title: 'Performance Marketing Manager',
      exp: [3, 9],
      skills: ['Google Ads', 'Meta Ads', 'SEM'],
    },
    { title: 'Content Writer', exp: [0, 5], skills: ['Content Writing', 'Copywriting', 'SEO'] },
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
    {
      title: 'Accountant',
      exp: [1, 6],
      skills: ['Bookkeeping', 'General Ledger', 'Bank Reconciliation'],
    },
    {
      title: 'Accounts Executive',
      exp: [0, 4],
      skills: ['Accounts Payable', 'Accounts Receivable', 'Invoicing'],
    },
    {
      title: 'Senior Accountant',
      exp: [5, 10],
      skills: ['Financial Reporting', 'Month-end Closing', 'IFRS'],
      fixed: true,
    },
    {
      title: 'Audit Associate',
      exp: [0, 4],
      skills: ['Statutory Audit', 'Internal Audit', 'Audit Documentation'],
    },
    {
      title: 'Tax Consultant',
      exp: [2, 8],
      skills: ['Direct Tax', 'Indirect Tax', 'Tax Compliance'],
    },
    {
      title: 'Finance & Accounts Manager',
      exp: [8, 15],
      skills: ['Budgeting', 'Cash Flow', 'Financial Reporting'],
      fixed: true,
    },
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
    {
      title: 'Relationship Manager',
      exp: [2, 8],
      skills: ['Wealth Management', 'Cross Selling', 'HNI Clients'],
    },
    {
      title: 'Branch Manager',
      exp: [8, 15],
      skills: ['Branch Operations', 'Team Handling', 'Retail Banking'],
      fixed: true,
    },
    {
      title: 'Credit Analyst',
      exp: [1, 6],
      skills: ['Credit Analysis', 'Financial Statements', 'Risk Assessment'],
    },
    {
      title: 'Insurance Advisor',
      exp: [0, 3],
      skills: ['Insurance Sales', 'Life Insurance', 'Client Acquisition'],
    },
    { title: 'Loan Officer', exp: [1, 5], skills: ['Loans', 'Underwriting', 'KYC'] },
    {
      title: 'Banking Operations Executive',
      exp: [0, 4],
      skills: ['Banking Operations', 'KYC', 'AML'],
    },
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
    { title: 'HR Executive', exp: [0, 4], skills: ['HR Operations', 'Onboarding', 'HRMS'] },
    {
      title: 'Talent Acquisition Specialist',
      exp: [1, 6],
      skills: ['Recruitment', 'Sourcing', 'LinkedIn Recruiter'],
    },
    {
      title: 'HR Business Partner',
      exp: [6, 12],
      skills: ['Employee Relations', 'Performance Management', 'HR Policies'],
    },
    {
      title: 'Payroll Executive',
      exp: [1, 5],
      skills: ['Payroll', 'Statutory Compliance', 'Excel'],
    },
    {
      title: 'Admin Executive',
      exp: [0, 5],
      skills: ['Office Administration', 'Vendor Management', 'Facility Management'],
    },
    {
      title: 'HR Manager',
      exp: [8, 15],
      skills: ['HR Strategy', 'Labour Law', 'Compensation & Benefits'],
      fixed: true,
    },
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
    {
      title: 'Legal Associate',
      exp: [0, 4],
      skills: ['Legal Research', 'Contract Drafting', 'Litigation'],
    },
    {
      title: 'Legal Counsel',
      exp: [5, 12],
      skills: ['Corporate Law', 'Contract Negotiation', 'Regulatory Compliance'],
    },
    {
      title: 'Compliance Officer',
      exp: [3, 9],
      skills: ['Compliance', 'AML', 'Policy Drafting'],
    },
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
    {
      title: 'Receptionist',
      exp: [0, 3],
      skills: ['Front Desk', 'Call Handling', 'Visitor Management'],
    },
    {
      title: 'Data Entry Operator',
      exp: [0, 3],
      skills: ['Data Entry', 'Typing Speed', 'MS Excel'],
    },
    {
      title: 'Office Assistant',
      exp: [0, 3],
      skills: ['Filing', 'Office Administration', 'MS Office'],
    },
    {
      title: 'Executive Assistant',
      exp: [3, 8],
      skills: ['Calendar Management', 'Travel Coordination', 'Minutes of Meeting'],
    },
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
