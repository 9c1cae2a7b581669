import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FaSearch } from 'react-icons/fa';

/** The keyword of an admin list, from its URL's ?keyword=. */
export function useListKeyword(): string {
  return new URLSearchParams(useLocation().search).get('keyword')?.trim() ?? '';
}

/**
 * The search box of an admin list: a search goes to the list's first page (basePath) with ?keyword=,
 * an empty one back to the whole list.
 */
export default function ListSearch({ basePath, label }: { basePath: string; label: string }) {
  const keyword = useListKeyword();
  const navigate = useNavigate();
  const [text, setText] = useState(keyword);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = text.trim();
    navigate(k ? `${basePath}?${new URLSearchParams({ keyword: k })}` : basePath);
  };

  return (
    <form role="search" aria-label={label} onSubmit={submit} className="d-flex gap-2 mb-3">
      <input
        type="search"
        className="form-control"
        aria-label={label}
        placeholder={label}
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-outline-dark text-nowrap">
        <FaSearch className="me-2" aria-hidden="true" />
        Search
      </button>
    </form>
  );
}
