/** Job families of factories, building sites, warehouses and purchasing. */
import { jobTitle, type JobFamily } from './types';

export const production: JobFamily = {
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
    jobTitle('Production Engineer', [0, 6], ['Production Planning', 'Lean Manufacturing', '5S']),
    jobTitle(
      'Maintenance Engineer',
      [1, 7],
      ['Preventive Maintenance', 'PLC', 'Electrical Maintenance'],
    ),
    jobTitle(
      'Production Supervisor',
      [3, 8],
      ['Shop Floor Management', 'Manpower Handling', 'Kaizen'],
    ),
    jobTitle('Plant Manager', [12, 18], ['Plant Operations', 'P&L', 'TPM'], 'fixed'),
    jobTitle('Mechanical Engineer', [0, 6], ['AutoCAD', 'SolidWorks', 'Mechanical Design']),
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
};

export const siteEngineering: JobFamily = {
  fn: 'Project Management / Site Engineering',
  weight: 5,
  siteBoost: { monstergulf: 2.5 },
  sectors: ['construction'],
  titles: [
    jobTitle('Civil Engineer', [0, 6], ['AutoCAD', 'Site Execution', 'Structural Drawings']),
    jobTitle('Site Engineer', [1, 6], ['Site Supervision', 'BOQ', 'Quality Checks']),
    jobTitle(
      'Project Manager - Construction',
      [10, 16],
      ['Project Planning', 'Primavera P6', 'Contract Management'],
      'fixed',
    ),
    jobTitle('Quantity Surveyor', [2, 8], ['Quantity Surveying', 'Estimation', 'Cost Control']),
    jobTitle('MEP Engineer', [2, 8], ['MEP', 'HVAC', 'Plumbing', 'Fire Fighting']),
    jobTitle('Planning Engineer', [3, 8], ['Primavera P6', 'MS Project', 'Scheduling']),
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
};

export const logistics: JobFamily = {
  fn: 'Logistics / Warehousing',
  weight: 4,
  sectors: ['logistics', 'retail', 'manufacturing'],
  titles: [
    jobTitle(
      'Logistics Coordinator',
      [1, 5],
      ['Shipping Documentation', 'Freight Forwarding', 'Customs Clearance'],
    ),
    jobTitle('Warehouse Supervisor', [3, 8], ['Warehouse Operations', 'WMS', 'Inventory Control']),
    jobTitle(
      'Delivery Associate',
      [0, 2],
      ['Last Mile Delivery', 'Two-Wheeler Licence', 'Route Planning'],
    ),
    jobTitle('Inventory Controller', [1, 5], ['Inventory Management', 'Cycle Counts', 'SAP MM']),
    jobTitle(
      'Fleet Manager',
      [6, 12],
      ['Fleet Management', 'Vendor Management', 'Cost Control'],
      'fixed',
    ),
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
};

export const supplyChain: JobFamily = {
  fn: 'Purchase / Supply Chain Management',
  weight: 3,
  sectors: ['manufacturing', 'retail', 'construction', 'logistics'],
  titles: [
    jobTitle('Purchase Executive', [1, 5], ['Purchasing', 'Vendor Development', 'PO Management']),
    jobTitle(
      'Procurement Manager',
      [8, 14],
      ['Strategic Sourcing', 'Contract Negotiation', 'Category Management'],
      'fixed',
    ),
    jobTitle('Supply Chain Analyst', [1, 6], ['Demand Planning', 'Forecasting', 'Excel']),
    jobTitle('Buyer', [2, 6], ['Sourcing', 'Negotiation', 'Cost Analysis']),
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
};
