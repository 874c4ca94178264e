/** Job families of software, data, IT infrastructure, design, testing and security. */
import type { JobFamily } from './types';

export const softwareDevelopment: JobFamily = {
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
};

export const dataScience: JobFamily = {
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
};

export const analytics: JobFamily = {
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
};

export const cloudDevOps: JobFamily = {
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
};

export const itHardware: JobFamily = {
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
};

export const design: JobFamily = {
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
};

export const qualityAssurance: JobFamily = {
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
};

export const cyberSecurity: JobFamily = {
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
};
