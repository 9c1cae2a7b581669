import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { FaSearch } from 'react-icons/fa';
import { useGetSuggestionsQuery, type Suggestion } from '../../features/catalog';
import { LIMITS } from '../../lib/limits';
import { searchKeyword } from '../../lib/keyword';

/** Suggestions are asked for once typing pauses this long, and from this many characters. */
export const SUGGEST_DELAY_MS = 200;
const SUGGEST_MIN_LENGTH = 2;

/** Header search: a trimmed keyword goes to /search/{keyword}; an empty one goes home. */
interface SearchBoxProps {
  /** Called after each search, e.g. to close the phone menu. */
  onSearch?: () => void;
}

function suggestionHref(s: Suggestion): string {
  return s.kind === 'category' ? `/category/${encodeURIComponent(s.name)}` : `/product/${encodeURIComponent(s._id ?? '')}`;
}

/** The keyword once it has stayed the same for SUGGEST_DELAY_MS, or '' while too short. */
function useSettledKeyword(keyword: string): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const kw = searchKeyword(keyword) ?? '';
    const timer = setTimeout(() => setSettled(kw.length >= SUGGEST_MIN_LENGTH ? kw : ''), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  return settled;
}

export default function SearchBox({ onSearch }: SearchBoxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useSettledKeyword(keyword);
  const { currentData } = useGetSuggestionsQuery(settled && open ? settled : skipToken);
  const suggestions = settled && open ? (currentData ?? []) : [];
  const shown = suggestions.length > 0;

  const go = (to: string) => {
    navigate(to);
    setKeyword('');
    setOpen(false);
    setActive(-1);
    onSearch?.();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const kw = searchKeyword(keyword);
    go(kw ? `/search/${encodeURIComponent(kw)}` : '/');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (shown && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      // Past either end the choice wraps through none: the words as typed.
      const next = active + (e.key === 'ArrowDown' ? 1 : -1);
      setActive(next >= suggestions.length ? -1 : next < -1 ? suggestions.length - 1 : next);
    } else if (e.key === 'Enter' && shown && active >= 0 && active < suggestions.length) {
      e.preventDefault();
      go(suggestionHref(suggestions[active]));
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <form onSubmit={submit} role="search" className="search-box my-2 my-md-0">
      <div className="input-group">
        <input
          type="search"
          name="q"
          className="form-control"
          value={keyword}
          maxLength={LIMITS.keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          placeholder="Search Products..."
          role="combobox"
          aria-label="Search products"
          aria-autocomplete="list"
          aria-controls={shown ? listId : undefined}
          aria-expanded={shown}
          aria-activedescendant={shown && active >= 0 && active < suggestions.length ? optionId(active) : undefined}
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-accent">
          <FaSearch className="me-1" aria-hidden="true" />
          Search
        </button>
      </div>
      {shown && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions list-unstyled">
          {suggestions.map((s, i) => (
            <li
              key={`${s.kind}-${s._id ?? s.name}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                go(suggestionHref(s));
              }}
            >
              {s.kind === 'product' && s.image ? (
                <img src={s.image} alt="" width={32} height={32} loading="lazy" />
              ) : (
                <FaSearch className="search-suggestion-icon" aria-hidden="true" />
              )}
              <span className="text-truncate">{s.name}</span>
              {s.kind === 'category' && <span className="search-suggestion-kind">Category</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
