/**
 * Job families: what a job of a given function looks like (titles, skills, duties,
 * qualifications), and the company sectors that hire for it. The resume parser's skills
 * vocabulary (reference/vocabulary.ts) is built from their skills; the demo generator makes jobs
 * and companies from all of it. Function and industry names must be
 * entries of JOB_FUNCTIONS / INDUSTRIES in src/lib/reference-lists.ts (checked by a test).
 */

export type Sector =
  | 'tech'
  | 'bpo'
  | 'finance'
  | 'manufacturing'
  | 'construction'
  | 'health'
  | 'hospitality'
  | 'retail'
  | 'logistics'
  | 'education'
  | 'consulting'
  | 'media';

export interface SectorInfo {
  /** Words after the name prefix: "Kaveri Infotech Pvt Ltd". */
  words: readonly string[];
  /** INDUSTRIES values a company of this sector belongs to. */
  industries: readonly string[];
  /** Company descriptions; {name} and {city} are filled in. */
  about: readonly string[];
  /** Share of demo companies. */
  weight: number;
}

export const SECTORS: Record<Sector, SectorInfo> = {
  tech: {
    words: [
      'Infotech',
      'Softlabs',
      'Technologies',
      'Digital',
      'Systems',
      'Cloudworks',
      'Data Labs',
    ],
    industries: [
      'IT / Computers - Software',
      'E-commerce / Internet',
      'KPO / Research / Analytics',
    ],
    about: [
      '{name} builds software products and digital platforms for banks, retailers and healthcare providers, with engineering teams in {city} and three other cities.',
      '{name} is a product engineering company that helps enterprises move their core systems to the cloud. It was founded in {city} and now serves clients on four continents.',
      '{name} runs a fast-growing online marketplace and the technology behind it, built by an in-house team based in {city}.',
    ],
    weight: 16,
  },
  bpo: {
    words: ['Business Services', 'CX Solutions', 'Global Services', 'Contact Solutions'],
    industries: ['BPO / ITES / Call Centre', 'KPO / Research / Analytics'],
    about: [
      '{name} delivers customer experience, back-office and technical support services for international brands from its delivery centres in {city}.',
      '{name} is a business process outsourcing company with more than 3,000 associates supporting telecom, travel and retail clients around the clock from {city}.',
    ],
    weight: 9,
  },
  finance: {
    words: ['Finserv', 'Capital', 'Financial Services', 'Credit', 'Assurance'],
    industries: ['Banking / Financial Services', 'Insurance', 'Accounting / Consulting / Taxation'],
    about: [
      '{name} offers retail loans, deposits and wealth management to individuals and small businesses through a network of branches headquartered in {city}.',
      '{name} is a regulated financial services group providing insurance, credit and investment products, with its head office in {city}.',
    ],
    weight: 9,
  },
  manufacturing: {
    words: ['Industries', 'Engineering Works', 'Auto Components', 'Polymers', 'Precision Tools'],
    industries: [
      'Manufacturing',
      'Automotive / Ancillaries',
      'Industrial Machinery / Equipment',
      'Chemicals',
      'FMCG / Foods / Beverages',
      'Pharmaceuticals / Biotech / Life Sciences',
    ],
    about: [
      '{name} manufactures components and finished products for automotive and industrial customers at two ISO-certified plants near {city}.',
      '{name} is a manufacturer of packaged foods and home-care products sold across the region, with its main plant and R&D centre in {city}.',
    ],
    weight: 10,
  },
  construction: {
    words: [
      'Constructions',
      'Infra Projects',
      'Contracting',
      'Builders',
      'Engineering & Contracting',
    ],
    industries: [
      'Construction / Civil Engineering',
      'Engineering / Procurement / Construction (EPC)',
      'Real Estate / Property',
      'Oil & Gas / Petroleum',
      'Power / Energy',
    ],
    about: [
      '{name} is a building and infrastructure contractor delivering residential towers, roads and utilities projects from its base in {city}.',
      '{name} provides engineering, procurement and construction services for energy and industrial projects, with a project office in {city}.',
    ],
    weight: 8,
  },
  health: {
    words: ['Hospitals', 'Healthcare', 'Medical Centre', 'Diagnostics', 'Pharma'],
    industries: [
      'Healthcare / Hospitals',
      'Pharmaceuticals / Biotech / Life Sciences',
      'Medical Devices / Equipment',
    ],
    about: [
      '{name} runs multi-speciality hospitals and day-care clinics, including a 300-bed tertiary care hospital in {city}.',
      '{name} operates a chain of diagnostic laboratories and pharmacies serving over a million patients a year from {city}.',
    ],
    weight: 7,
  },
  hospitality: {
    words: ['Hotels & Resorts', 'Hospitality', 'Foods', 'Restaurants'],
    industries: [
      'Hotels / Hospitality / Restaurants',
      'Travel / Tourism',
      'FMCG / Foods / Beverages',
    ],
    about: [
      '{name} owns and manages business hotels and beach resorts, with its flagship property in {city}.',
      '{name} runs a group of casual-dining restaurants and a central kitchen in {city}, and is opening new outlets every quarter.',
    ],
    weight: 6,
  },
  retail: {
    words: ['Retail', 'Mart', 'Lifestyle Stores', 'Trading'],
    industries: [
      'Retail',
      'Fashion / Apparel / Garments',
      'Consumer Durables / Electronics',
      'E-commerce / Internet',
    ],
    about: [
      '{name} is a retail chain selling groceries, fashion and electronics through more than 80 stores and an online shop, headquartered in {city}.',
      '{name} distributes consumer electronics and home appliances to retailers and runs its own showrooms across {city} and nearby cities.',
    ],
    weight: 8,
  },
  logistics: {
    words: ['Logistics', 'Freight', 'Express', 'Supply Chain'],
    industries: ['Courier / Logistics / Freight', 'Warehousing', 'Shipping / Marine'],
    about: [
      '{name} provides freight forwarding, warehousing and last-mile delivery for e-commerce and industrial clients from its hub in {city}.',
      '{name} is a third-party logistics company operating bonded warehouses and a fleet of 400 trucks, with its head office in {city}.',
    ],
    weight: 7,
  },
  education: {
    words: ['Academy', 'International School', 'Learning', 'EduTech'],
    industries: ['Education / Training / Teaching'],
    about: [
      '{name} runs K-12 schools following international curricula, with campuses in {city} and two other cities.',
      '{name} is an education company offering test preparation, professional courses and online learning, based in {city}.',
    ],
    weight: 5,
  },
  consulting: {
    words: ['Consulting', 'Advisory', 'Partners'],
    industries: ['Accounting / Consulting / Taxation', 'Legal / Law Firms', 'Market Research'],
    about: [
      '{name} is a professional services firm offering audit, tax, risk and management consulting to mid-sized companies from its office in {city}.',
      '{name} advises businesses on strategy, regulation and transactions, with a practice of 250 professionals in {city}.',
    ],
    weight: 6,
  },
  media: {
    words: ['Media', 'Creative Studio', 'Communications'],
    industries: [
      'Advertising / Event Management / PR',
      'Broadcasting / Media',
      'Entertainment / Gaming',
    ],
    about: [
      '{name} is an integrated marketing agency creating campaigns, content and digital experiences for consumer brands from its studio in {city}.',
    ],
    weight: 4,
  },
};

export interface JobFamilyTitle {
  title: string;
  /** Range of the minimum years of experience this title asks for. */
  exp: readonly [number, number];
  /** Skills specific to this title; the family's common skills are added to them. */
  skills: readonly string[];
  /** The seniority prefixes (Junior/Senior) make no sense for it: manager titles and the like. */
  fixed?: boolean;
}

export interface JobFamily {
  /** A JOB_FUNCTIONS value. */
  fn: string;
  /** Share of demo jobs. */
  weight: number;
  /** Multipliers of the share by site context, for local labour markets. */
  siteBoost?: Record<string, number>;
  sectors: readonly Sector[];
  titles: readonly JobFamilyTitle[];
  common: readonly string[];
  /** What the team is called in "join our ... team". */
  team: string;
  duties: readonly string[];
  /** Indian-style degree names for India, international ones elsewhere. */
  qualIndia: readonly string[];
  qualIntl: readonly string[];
  /** Pay relative to the country's average function. */
  pay: number;
  /** Chance that a job of this family is a walk-in drive. */
  walkin: number;
}

export const JOB_FAMILIES: readonly JobFamily[] = [
  {
    fn: 'Software Development',
    weight: 15,
    siteBoost: { rexmonster: 1.6, monstervietnam: 1.4, monstersingapore: 1.2 },
    sectors: ['tech', 'finance', 'retail', 'consulting'],
    titles: [
      {
        title: 'Java Developer',
        exp: [1, 8],
        skills: ['Java', 'Spring Boot', 'Microservices', 'Hibernate'],
      },
      { title: 'Python Developer', exp: [1, 8], skills: ['Python', 'Django', 'FastAPI', 'Celery'] },
      {
        title: 'Full Stack Developer',
        exp: [1, 8],
        skills: ['React', 'Node.js', 'TypeScript', 'MongoDB'],
      },
      {
        title: 'Frontend Developer',
        exp: [0, 7],
        skills: ['React', 'JavaScript', 'TypeScript', 'HTML', 'CSS'],
      },
      {
        title: '.NET Developer',
        exp: [1, 8],
        skills: ['C#', '.NET Core', 'ASP.NET MVC', 'SQL Server'],
      },
      {
        title: 'Android Developer',
        exp: [1, 7],
        skills: ['Kotlin', 'Android SDK', 'Jetpack Compose'],
      },
      { title: 'iOS Developer', exp: [1, 7], skills: ['Swift', 'SwiftUI', 'Xcode'] },
      {
        title: 'Node.js Developer',
        exp: [1, 7],
        skills: ['Node.js', 'Express', 'TypeScript', 'Redis'],
      },
      {
        title: 'Software Engineer',
        exp: [0, 6],
        skills: ['Java', 'Python', 'Data Structures', 'Algorithms'],
      },
      {
        title: 'Engineering Manager',
        exp: [9, 15],
        skills: ['People Management', 'System Design', 'Agile'],
        fixed: true,
      },
      {
        title: 'Technical Architect',
        exp: [10, 16],
        skills: ['Solution Architecture', 'System Design', 'Microservices'],
        fixed: true,
      },
    ],
    common: ['Git', 'REST APIs', 'SQL', 'PostgreSQL', 'Docker', 'AWS', 'Unit Testing', 'Agile'],
    team: 'engineering',
    duties: [
      'Design, build and maintain services and user interfaces used by thousands of customers every day',
      'Write clean, tested code and review the code of your teammates',
      'Work with product managers and designers to turn requirements into working features',
      'Improve performance, reliability and observability of production systems',
      'Take part in sprint planning, estimation and retrospectives',
      'Mentor junior developers and contribute to engineering standards',
      'Troubleshoot production issues and write post-incident reports',
    ],
    qualIndia: ['B.Tech/B.E. (Computer Science)', 'MCA', 'B.Sc (Computer Science)', 'M.Tech'],
    qualIntl: [
      "Bachelor's degree in Computer Science or related field",
      "Bachelor's degree in Information Technology",
    ],
    pay: 1.35,
    walkin: 0.028,
  },
  {
    fn: 'Data Science / Machine Learning',
    weight: 3,
    sectors: ['tech', 'finance', 'retail', 'consulting'],
    titles: [
      {
        title: 'Data Scientist',
        exp: [1, 8],
        skills: ['Python', 'Machine Learning', 'Statistics', 'scikit-learn'],
      },
      {
        title: 'Machine Learning Engineer',
        exp: [2, 8],
        skills: ['Python', 'PyTorch', 'TensorFlow', 'MLOps'],
      },
      {
        title: 'Data Engineer',
        exp: [1, 8],
        skills: ['Spark', 'Airflow', 'Kafka', 'Data Modelling'],
      },
      { title: 'NLP Engineer', exp: [2, 7], skills: ['NLP', 'Transformers', 'Python', 'LLMs'] },
    ],
    common: ['SQL', 'Pandas', 'NumPy', 'Deep Learning', 'Data Visualization', 'Git'],
    team: 'data science',
    duties: [
      'Build, validate and deploy models that forecast demand, detect fraud or personalise recommendations',
      'Explore large data sets and present findings to business stakeholders',
      'Build reliable data pipelines and feature stores',
      'Monitor models in production and retrain them as data drifts',
      'Design and analyse A/B experiments',
    ],
    qualIndia: ['B.Tech/B.E.', 'M.Sc (Statistics)', 'M.Tech', 'MCA'],
    qualIntl: ["Bachelor's or Master's degree in Computer Science, Statistics or Mathematics"],
    pay: 1.45,
    walkin: 0.014,
  },
  {
    fn: 'Analytics & Business Intelligence',
    weight: 4,
    sectors: ['tech', 'finance', 'retail', 'bpo', 'consulting'],
    titles: [
      { title: 'Data Analyst', exp: [0, 5], skills: ['SQL', 'Excel', 'Power BI', 'Python'] },
      {
        title: 'Business Analyst',
        exp: [1, 7],
        skills: ['Requirements Gathering', 'JIRA', 'Process Mapping', 'SQL'],
      },
      {
        title: 'BI Developer',
        exp: [2, 7],
        skills: ['Power BI', 'Tableau', 'DAX', 'Data Warehousing'],
      },
      { title: 'MIS Executive', exp: [0, 4], skills: ['Advanced Excel', 'VBA', 'MIS Reporting'] },
    ],
    common: ['Data Visualization', 'Reporting', 'Stakeholder Management', 'Dashboards'],
    team: 'analytics',
    duties: [
      'Build dashboards and reports that leadership uses to run the business',
      'Gather requirements from business teams and translate them into data models',
      'Analyse trends in sales, operations and customer data and recommend actions',
      'Automate recurring reports and improve data quality',
    ],
    qualIndia: ['B.Tech/B.E.', 'B.Com', 'MBA/PGDM', 'B.Sc (Statistics)'],
    qualIntl: ["Bachelor's degree in Business, Economics or Information Systems"],
    pay: 1.1,
    walkin: 0.035,
  },
  {
    fn: 'Cloud / DevOps',
    weight: 3,
    sectors: ['tech', 'finance', 'consulting'],
    titles: [
      {
        title: 'DevOps Engineer',
        exp: [2, 8],
        skills: ['Jenkins', 'Terraform', 'Kubernetes', 'CI/CD'],
      },
      {
        title: 'Cloud Engineer',
        exp: [2, 8],
        skills: ['AWS', 'Azure', 'CloudFormation', 'Networking'],
      },
      {
        title: 'Site Reliability Engineer',
        exp: [3, 9],
        skills: ['Kubernetes', 'Prometheus', 'Grafana', 'Go'],
      },
      {
        title: 'Cloud Architect',
        exp: [10, 15],
        skills: ['AWS', 'Azure', 'Solution Architecture'],
        fixed: true,
      },
    ],
    common: ['Linux', 'Docker', 'Ansible', 'Bash', 'Git', 'GCP'],
    team: 'platform',
    duties: [
      'Build and run the CI/CD pipelines and cloud infrastructure our products run on',
      'Automate provisioning with infrastructure as code',
      'Improve monitoring, alerting and on-call practices',
      'Reduce cloud costs without giving up reliability',
      'Harden systems and apply security patches',
    ],
    qualIndia: ['B.Tech/B.E.', 'MCA', 'B.Sc (IT)'],
    qualIntl: ["Bachelor's degree in Computer Science or Engineering"],
    pay: 1.4,
    walkin: 0.021,
  },
  {
    fn: 'IT Hardware / Networking',
    weight: 3,
    sectors: ['tech', 'bpo', 'finance', 'manufacturing', 'education'],
    titles: [
      {
        title: 'Network Engineer',
        exp: [1, 7],
        skills: ['CCNA', 'Routing', 'Switching', 'Firewall'],
      },
      {
        title: 'System Administrator',
        exp: [1, 7],
        skills: ['Windows Server', 'Active Directory', 'VMware'],
      },
      {
        title: 'IT Support Engineer',
        exp: [0, 4],
        skills: ['Troubleshooting', 'Windows', 'Office 365'],
      },
      {
        title: 'Desktop Support Engineer',
        exp: [0, 3],
        skills: ['Hardware', 'Troubleshooting', 'Ticketing Tools'],
      },
    ],
    common: ['LAN/WAN', 'Linux', 'ITIL', 'Backup', 'Customer Service'],
    team: 'IT infrastructure',
    duties: [
      'Install, configure and support laptops, servers and network equipment',
      'Resolve tickets within agreed service levels',
      'Monitor network availability and fix outages',
      'Maintain asset inventory and documentation',
    ],
    qualIndia: ['Diploma (Computer Engineering)', 'B.Sc (IT)', 'B.Tech/B.E.', 'BCA'],
    qualIntl: ['Diploma or degree in IT', 'CCNA or MCSA certification'],
    pay: 0.95,
    walkin: 0.084,
  },
  {
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
    common: [
      'Communication Skills',
      'English Fluency',
      'CRM',
      'Problem Solving',
      'Customer Service',
    ],
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
    fn: 'Production / Manufacturing / Maintenance',
    weight: 5,
    siteBoost: {
      monsterthailand: 2,
      monstervietnam: 1.6,
      monsterindonesia: 1.5,
      monstermalaysia: 1.4,
    },
    sectors: ['manufacturing'],
    titles: [
      {
        title: 'Production Engineer',
        exp: [0, 6],
        skills: ['Production Planning', 'Lean Manufacturing', '5S'],
      },
      {
        title: 'Maintenance Engineer',
        exp: [1, 7],
        skills: ['Preventive Maintenance', 'PLC', 'Electrical Maintenance'],
      },
      {
        title: 'Production Supervisor',
        exp: [3, 8],
        skills: ['Shop Floor Management', 'Manpower Handling', 'Kaizen'],
      },
      {
        title: 'Plant Manager',
        exp: [12, 18],
        skills: ['Plant Operations', 'P&L', 'TPM'],
        fixed: true,
      },
      {
        title: 'Mechanical Engineer',
        exp: [0, 6],
        skills: ['AutoCAD', 'SolidWorks', 'Mechanical Design'],
      },
    ],
    common: ['Six Sigma', 'Quality Control', 'Safety', 'SAP PP', 'Root Cause Analysis'],
    team: 'plant operations',
    duties: [
      'Plan and supervise daily production to meet output, quality and cost targets',
      'Run preventive maintenance schedules and fix breakdowns quickly',
      'Drive continuous improvement with lean and Kaizen tools',
      'Make sure every shift follows safety and environmental rules',
    ],
    qualIndia: ['B.Tech/B.E. (Mechanical)', 'Diploma (Mechanical)', 'B.Tech/B.E. (Electrical)'],
    qualIntl: ["Bachelor's degree in Mechanical, Industrial or Electrical Engineering"],
    pay: 0.95,
    walkin: 0.098,
  },
  {
    fn: 'Project Management / Site Engineering',
    weight: 5,
    siteBoost: { monstergulf: 2.5 },
    sectors: ['construction'],
    titles: [
      {
        title: 'Civil Engineer',
        exp: [0, 6],
        skills: ['AutoCAD', 'Site Execution', 'Structural Drawings'],
      },
      {
        title: 'Site Engineer',
        exp: [1, 6],
        skills: ['Site Supervision', 'BOQ', 'Quality Checks'],
      },
      {
        title: 'Project Manager - Construction',
        exp: [10, 16],
        skills: ['Project Planning', 'Primavera P6', 'Contract Management'],
        fixed: true,
      },
      {
        title: 'Quantity Surveyor',
        exp: [2, 8],
        skills: ['Quantity Surveying', 'Estimation', 'Cost Control'],
      },
      { title: 'MEP Engineer', exp: [2, 8], skills: ['MEP', 'HVAC', 'Plumbing', 'Fire Fighting'] },
      {
        title: 'Planning Engineer',
        exp: [3, 8],
        skills: ['Primavera P6', 'MS Project', 'Scheduling'],
      },
    ],
    common: ['AutoCAD', 'Health and Safety', 'Project Coordination', 'Revit'],
    team: 'projects',
    duties: [
      'Supervise site works and subcontractors against drawings, specifications and schedule',
      'Prepare quantities, progress reports and payment certificates',
      'Coordinate with consultants, clients and authorities for approvals and inspections',
      'Enforce health, safety and environmental standards on site',
    ],
    qualIndia: ['B.Tech/B.E. (Civil)', 'Diploma (Civil)', 'M.Tech (Structural)'],
    qualIntl: [
      "Bachelor's degree in Civil or Mechanical Engineering",
      'Diploma in Civil Engineering',
    ],
    pay: 1.05,
    walkin: 0.084,
  },
  {
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
  },
  {
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
  },
  {
    fn: 'Logistics / Warehousing',
    weight: 4,
    sectors: ['logistics', 'retail', 'manufacturing'],
    titles: [
      {
        title: 'Logistics Coordinator',
        exp: [1, 5],
        skills: ['Shipping Documentation', 'Freight Forwarding', 'Customs Clearance'],
      },
      {
        title: 'Warehouse Supervisor',
        exp: [3, 8],
        skills: ['Warehouse Operations', 'WMS', 'Inventory Control'],
      },
      {
        title: 'Delivery Associate',
        exp: [0, 2],
        skills: ['Last Mile Delivery', 'Two-Wheeler Licence', 'Route Planning'],
      },
      {
        title: 'Inventory Controller',
        exp: [1, 5],
        skills: ['Inventory Management', 'Cycle Counts', 'SAP MM'],
      },
      {
        title: 'Fleet Manager',
        exp: [6, 12],
        skills: ['Fleet Management', 'Vendor Management', 'Cost Control'],
        fixed: true,
      },
    ],
    common: ['Logistics', 'Dispatch', 'MS Excel', 'Safety'],
    team: 'operations',
    duties: [
      'Plan inbound and outbound shipments and keep customers informed',
      'Keep inventory accurate through receiving, put-away and cycle counts',
      'Coordinate with carriers, customs brokers and internal teams',
      'Meet delivery time and cost targets every day',
    ],
    qualIndia: ['Any Graduate', '12th Pass', 'Diploma in Logistics'],
    qualIntl: ['Diploma or degree in Supply Chain or Logistics', 'High school diploma'],
    pay: 0.8,
    walkin: 0.154,
  },
  {
    fn: 'Purchase / Supply Chain Management',
    weight: 3,
    sectors: ['manufacturing', 'retail', 'construction', 'logistics'],
    titles: [
      {
        title: 'Purchase Executive',
        exp: [1, 5],
        skills: ['Purchasing', 'Vendor Development', 'PO Management'],
      },
      {
        title: 'Procurement Manager',
        exp: [8, 14],
        skills: ['Strategic Sourcing', 'Contract Negotiation', 'Category Management'],
        fixed: true,
      },
      {
        title: 'Supply Chain Analyst',
        exp: [1, 6],
        skills: ['Demand Planning', 'Forecasting', 'Excel'],
      },
      { title: 'Buyer', exp: [2, 6], skills: ['Sourcing', 'Negotiation', 'Cost Analysis'] },
    ],
    common: ['Vendor Management', 'SAP MM', 'Procurement', 'Inventory Planning'],
    team: 'supply chain',
    duties: [
      'Source materials and services at the right cost, quality and time',
      'Negotiate contracts and evaluate supplier performance',
      'Plan inventory against demand forecasts',
      'Raise and track purchase orders in the ERP',
    ],
    qualIndia: ['B.Tech/B.E.', 'MBA/PGDM (Operations)', 'B.Com'],
    qualIntl: ["Bachelor's degree in Supply Chain, Engineering or Business"],
    pay: 1.0,
    walkin: 0.042,
  },
  {
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
  },
  {
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
  },
  {
    fn: 'UI / UX Design',
    weight: 2,
    sectors: ['tech', 'media', 'retail'],
    titles: [
      { title: 'UI/UX Designer', exp: [1, 6], skills: ['Figma', 'Wireframing', 'Prototyping'] },
      {
        title: 'Product Designer',
        exp: [3, 9],
        skills: ['Figma', 'User Research', 'Design Systems'],
      },
      { title: 'Graphic Designer', exp: [0, 5], skills: ['Photoshop', 'Illustrator', 'InDesign'] },
    ],
    common: ['Adobe XD', 'Usability Testing', 'Visual Design', 'Typography'],
    team: 'design',
    duties: [
      'Turn user research and business goals into clear flows, wireframes and polished screens',
      'Build and maintain a design system with engineers',
      'Run usability tests and iterate on what you learn',
      'Present and defend design decisions to stakeholders',
    ],
    qualIndia: ['B.Des', 'Any Graduate', 'Diploma in Design'],
    qualIntl: ["Bachelor's degree in Design or a strong portfolio"],
    pay: 1.1,
    walkin: 0.021,
  },
  {
    fn: 'Quality Assurance / Quality Control',
    weight: 3,
    sectors: ['tech', 'manufacturing', 'health'],
    titles: [
      {
        title: 'QA Automation Engineer',
        exp: [2, 7],
        skills: ['Selenium', 'Cypress', 'API Testing', 'Java'],
      },
      {
        title: 'Software Test Engineer',
        exp: [0, 5],
        skills: ['Manual Testing', 'Test Cases', 'JIRA'],
      },
      {
        title: 'Quality Control Inspector',
        exp: [1, 6],
        skills: ['Inspection', 'ISO 9001', 'Measuring Instruments'],
      },
      {
        title: 'QA Manager',
        exp: [9, 15],
        skills: ['Quality Management Systems', 'Audits', 'CAPA'],
        fixed: true,
      },
    ],
    common: ['Quality Assurance', 'Documentation', 'Root Cause Analysis', 'Agile'],
    team: 'quality',
    duties: [
      'Plan and run tests and inspections against specifications',
      'Log defects clearly and follow them to closure',
      'Automate repetitive checks and maintain test suites',
      'Report quality metrics and drive corrective actions',
    ],
    qualIndia: ['B.Tech/B.E.', 'B.Sc', 'Diploma (Mechanical)', 'MCA'],
    qualIntl: ["Bachelor's degree in Engineering or Computer Science"],
    pay: 1.0,
    walkin: 0.056,
  },
  {
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
  },
  {
    fn: 'Cyber Security',
    weight: 1.5,
    sectors: ['tech', 'finance', 'consulting'],
    titles: [
      { title: 'Security Analyst', exp: [1, 6], skills: ['SIEM', 'Splunk', 'Incident Response'] },
      { title: 'SOC Analyst', exp: [0, 4], skills: ['SOC', 'Threat Monitoring', 'SIEM'] },
      {
        title: 'Penetration Tester',
        exp: [2, 7],
        skills: ['Penetration Testing', 'Burp Suite', 'OWASP'],
      },
      {
        title: 'Information Security Manager',
        exp: [10, 15],
        skills: ['ISO 27001', 'Risk Management', 'Security Governance'],
        fixed: true,
      },
    ],
    common: ['Vulnerability Assessment', 'Firewalls', 'Linux', 'Network Security'],
    team: 'security',
    duties: [
      'Monitor alerts, investigate incidents and lead the response',
      'Run vulnerability assessments and track remediation',
      'Harden systems and review architecture for security risks',
      'Support audits and keep security policies up to date',
    ],
    qualIndia: ['B.Tech/B.E.', 'MCA', 'B.Sc (IT)'],
    qualIntl: ["Bachelor's degree in Computer Science; CEH, OSCP or CISSP is a plus"],
    pay: 1.35,
    walkin: 0.021,
  },
  {
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
  },
];

/** Recruitment agencies: they post jobs of every family for their clients. */
export const CONSULTANT_WORDS = [
  'Staffing Solutions',
  'Manpower Consultants',
  'Talent Partners',
  'HR Consultants',
  'Recruitment Services',
  'Placement Services',
] as const;
