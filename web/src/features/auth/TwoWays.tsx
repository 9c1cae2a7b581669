import Button from 'react-bootstrap/Button';

interface TwoWaysProps {
  /** What the two are ways of, for screen readers ("Sign in with"). */
  label: string;
  ways: [string, string];
  /** Whether the second way is the one chosen. */
  second: boolean;
  onChange: (second: boolean) => void;
}

/** Two ways of doing one thing (sign in by password or code; reset by choosing or mailing a password), as equal halves. */
export default function TwoWays({ label, ways, second, onChange }: TwoWaysProps) {
  return (
    <div className="btn-group w-100 mb-3 sign-in-ways" role="group" aria-label={label}>
      {ways.map((way, i) => {
        const chosen = (i === 1) === second;
        return (
          <Button key={way} variant={chosen ? 'dark' : 'outline-dark'} aria-pressed={chosen} onClick={() => onChange(i === 1)}>
            {way}
          </Button>
        );
      })}
    </div>
  );
}
