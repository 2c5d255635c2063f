// Column lists several modules' repos read the same way, kept in one place so the rows they answer agree.

/** The publicity_items columns of a PublicityItem (docs/requirements.md §3): 我的客户's drawer and 我的公示 read the same ones. */
export const PUBLICITY_COLUMNS = [
  'identityid',
  'title',
  'companyname',
  'dept',
  'publishtime',
  'qualification',
  'item_id',
] as const;
