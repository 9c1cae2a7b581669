import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FaSearch } from 'react-icons/fa';
import { LIMITS } from '../../lib/limits';
import { searchKeyword } from '../../lib/validation';

/** Header search: a trimmed keyword goes to /search/{keyword}; an empty one goes home. */
interface SearchBoxProps {
  /** Called after each search, e.g. to close the phone menu. */
  onSearch?: () => void;
}

export default function SearchBox({ onSearch }: SearchBoxProps) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const kw = searchKeyword(keyword);
    navigate(kw ? `/search/${encodeURIComponent(kw)}` : '/');
    setKeyword('');
    onSearch?.();
  };

  return (
    <form onSubmit={submit} role="search" className="search-box my-2 my-md-0">
      <div className="input-group">
        <input
          type="search"
          name="q"
          className="form-control"
          value={keyword}
          maxLength={LIMITS.keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="Search Products..."
          aria-label="Search products"
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" className="btn btn-accent">
          <FaSearch className="me-1" aria-hidden="true" />
          Search
        </button>
      </div>
    </form>
  );
}
