// The console's API section: its calls (paths under STAFF_API_BASE), queries, bodies and answers. Not built yet.
export {};
