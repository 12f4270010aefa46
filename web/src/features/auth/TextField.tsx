import type { ReactNode } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  icon: ReactNode;
  problem: string | undefined;
  children: (described: { 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  after?: ReactNode;
}

/** A label above an input with its icon, and the field's problem under it. */
export function TextField({ id, label, icon, problem, children, after }: TextFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <div className="sx-field">
      <label className="sx-label" htmlFor={id}>
        {label}
      </label>
      <div className="sx-input" data-invalid={Boolean(problem)}>
        {icon}
        {children({ 'aria-invalid': Boolean(problem), 'aria-describedby': problem ? problemId : undefined })}
        {after}
      </div>
      {problem ? (
        <p className="sx-field-error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
