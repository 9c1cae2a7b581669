/** The signed-in user's header menus, loaded on their own: the first visit of a shopper has none. */
export const loadAccountMenus = () => import('./AccountMenus');
