/** Money is stored as integer paise and sent as rupees with at most 2 decimals (see docs/decisions/0003-money-in-paise.md). */
export const toPaise = (rupees: number) => Math.round(rupees * 100);
export const toRupees = (paise: number) => Math.round(paise) / 100;
/** ₹2,800 (Indian digit grouping), as notifications and chat cards write an amount of rupees. */
export const formatRupees = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;
