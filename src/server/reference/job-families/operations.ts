/** Job families of factories, building sites, warehouses and purchasing. */
import type { JobFamily } from './types';

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
};

export const siteEngineering: JobFamily = {
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
};

export const logistics: JobFamily = {
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
};

export const supplyChain: JobFamily = {
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
};
