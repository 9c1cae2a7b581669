import { NavLink, type AppPath } from '../../components/Link';
import { tagLabel } from '../../lib/format';
import { useGetCategoriesQuery } from './productsApi';

export const categoryHref = (name: string): AppPath => `/category/${encodeURIComponent(name)}`;

/** Links to every category in use, most used first (the tags of GET /api/products/categories). */
export default function CategoryChips() {
  const { data: categories, isLoading } = useGetCategoriesQuery();
  // Keeps the room of one row of chips while they load, so the grid below does not jump.
  if (isLoading) return <div className="category-chips category-chips--loading mb-4" aria-hidden="true" />;
  if (!categories || categories.length === 0) return null;
  return (
    <nav aria-label="Categories" className="category-chips mb-4">
      <h2 className="category-chips__title">Shop by category</h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {categories.map((c) => (
          <li key={c.name}>
            <NavLink to={categoryHref(c.name)} className="category-chip">
              <span className="text-capitalize">{tagLabel(c.name)}</span>
              <span className="category-chip__count" aria-label={`${c.count} products`}>
                {c.count}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
