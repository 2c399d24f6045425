// What the app reads from its routes: the ids in their paths.

/** routeId reads a route's :id (a member's, a tournament's), a positive whole number, or returns null. */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}
