// The console's 卡券与优惠券 section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. Not built yet.
export {};
