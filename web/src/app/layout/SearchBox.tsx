import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FaSearch } from 'react-icons/fa';

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
    const kw = keyword.trim();
    navigate(kw ? `/search/${encodeURIComponent(kw)}` : '/');
    setKeyword('');
    onSearch?.();
  };

  return (
    <Form onSubmit={submit} role="search" className="search-box my-2 my-md-0">
      <InputGroup>
        <Form.Control
          type="search"
          name="q"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="Search Products..."
          aria-label="Search products"
          enterKeyHint="search"
          autoComplete="off"
        />
        <Button type="submit" variant="accent">
          <FaSearch className="me-1" aria-hidden="true" />
          Search
        </Button>
      </InputGroup>
    </Form>
  );
}
