/** Job families of software, data, IT infrastructure, design, testing and security. */
import { jobTitle, type JobFamily } from './types';

export const softwareDevelopment: JobFamily = {
  fn: 'Software Development',
  weight: 15,
  siteBoost: { rexmonster: 1.6, monstervietnam: 1.4, monstersingapore: 1.2 },
  sectors: ['tech', 'finance', 'retail', 'consulting'],
  titles: [
    jobTitle('Java Developer', [1, 8], ['Java', 'Spring Boot', 'Microservices', 'Hibernate']),
    jobTitle('Python Developer', [1, 8], ['Python', 'Django', 'FastAPI', 'Celery']),
    jobTitle('Full Stack Developer', [1, 8], ['React', 'Node.js', 'TypeScript', 'MongoDB']),
    jobTitle('Frontend Developer', [0, 7], ['React', 'JavaScript', 'TypeScript', 'HTML', 'CSS']),
    jobTitle('.NET Developer', [1, 8], ['C#', '.NET Core', 'ASP.NET MVC', 'SQL Server']),
    jobTitle('Android Developer', [1, 7], ['Kotlin', 'Android SDK', 'Jetpack Compose']),
    jobTitle('iOS Developer', [1, 7], ['Swift', 'SwiftUI', 'Xcode']),
    jobTitle('Node.js Developer', [1, 7], ['Node.js', 'Express', 'TypeScript', 'Redis']),
    jobTitle('Software Engineer', [0, 6], ['Java', 'Python', 'Data Structures', 'Algorithms']),
    jobTitle(
      'Engineering Manager',
      [9, 15],
      ['People Management', 'System Design', 'Agile'],
      'fixed',
    ),
    jobTitle(
      'Technical Architect',
      [10, 16],
      ['Solution Architecture', 'System Design', 'Microservices'],
      'fixed',
    ),
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
    jobTitle(
      'Data Scientist',
      [1, 8],
      ['Python', 'Machine Learning', 'Statistics', 'scikit-learn'],
    ),
    jobTitle('Machine Learning Engineer', [2, 8], ['Python', 'PyTorch', 'TensorFlow', 'MLOps']),
    jobTitle('Data Engineer', [1, 8], ['Spark', 'Airflow', 'Kafka', 'Data Modelling']),
    jobTitle('NLP Engineer', [2, 7], ['NLP', 'Transformers', 'Python', 'LLMs']),
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
    jobTitle('Data Analyst', [0, 5], ['SQL', 'Excel', 'Power BI', 'Python']),
    jobTitle(
      'Business Analyst',
      [1, 7],
      ['Requirements Gathering', 'JIRA', 'Process Mapping', 'SQL'],
    ),
    jobTitle('BI Developer', [2, 7], ['Power BI', 'Tableau', 'DAX', 'Data Warehousing']),
    jobTitle('MIS Executive', [0, 4], ['Advanced Excel', 'VBA', 'MIS Reporting']),
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
    jobTitle('DevOps Engineer', [2, 8], ['Jenkins', 'Terraform', 'Kubernetes', 'CI/CD']),
    jobTitle('Cloud Engineer', [2, 8], ['AWS', 'Azure', 'CloudFormation', 'Networking']),
    jobTitle('Site Reliability Engineer', [3, 9], ['Kubernetes', 'Prometheus', 'Grafana', 'Go']),
    jobTitle('Cloud Architect', [10, 15], ['AWS', 'Azure', 'Solution Architecture'], 'fixed'),
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
    jobTitle('Network Engineer', [1, 7], ['CCNA', 'Routing', 'Switching', 'Firewall']),
    jobTitle('System Administrator', [1, 7], ['Windows Server', 'Active Directory', 'VMware']),
    jobTitle('IT Support Engineer', [0, 4], ['Troubleshooting', 'Windows', 'Office 365']),
    jobTitle(
      'Desktop Support Engineer',
      [0, 3],
      ['Hardware', 'Troubleshooting', 'Ticketing Tools'],
    ),
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
    jobTitle('UI/UX Designer', [1, 6], ['Figma', 'Wireframing', 'Prototyping']),
    jobTitle('Product Designer', [3, 9], ['Figma', 'User Research', 'Design Systems']),
    jobTitle('Graphic Designer', [0, 5], ['Photoshop', 'Illustrator', 'InDesign']),
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
    jobTitle('QA Automation Engineer', [2, 7], ['Selenium', 'Cypress', 'API Testing', 'Java']),
    jobTitle('Software Test Engineer', [0, 5], ['Manual Testing', 'Test Cases', 'JIRA']),
    jobTitle(
      'Quality Control Inspector',
      [1, 6],
      ['Inspection', 'ISO 9001', 'Measuring Instruments'],
    ),
    jobTitle('QA Manager', [9, 15], ['Quality Management Systems', 'Audits', 'CAPA'], 'fixed'),
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
    jobTitle('Security Analyst', [1, 6], ['SIEM', 'Splunk', 'Incident Response']),
    jobTitle('SOC Analyst', [0, 4], ['SOC', 'Threat Monitoring', 'SIEM']),
    jobTitle('Penetration Tester', [2, 7], ['Penetration Testing', 'Burp Suite', 'OWASP']),
    jobTitle(
      'Information Security Manager',
      [10, 15],
      ['ISO 27001', 'Risk Management', 'Security Governance'],
      'fixed',
    ),
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
