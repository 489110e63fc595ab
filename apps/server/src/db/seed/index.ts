export { seedBaseData, type BaseDataResult } from './base-data.js';
export { DEMO_ACCOUNTS, seedDemoData } from './demo-data.js';
