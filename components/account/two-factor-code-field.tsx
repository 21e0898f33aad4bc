"use client";
// The code field of the two-step sign-in forms, with the refusal of the call it is for beneath it
// (a wrong code, the lock-out) and the field marked invalid while it stands.
import { useErrorMessage } from "@/components/auth/use-error-message";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

interface TwoFactorCodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The call's error, if it failed. */
  error: unknown;
  /** Digits only (the app's code), or any code (a recovery code too). */
  digitsOnly?: boolean;
}

export function TwoFactorCodeField({ label, value, onChange, error, digitsOnly = false }: TwoFactorCodeFieldProps) {
  const describe = useErrorMessage();
  return (
    <>
      <FormField label={label}>
        <Input
          required
          autoComplete="one-time-code"
          {...(digitsOnly ? { inputMode: "numeric" as const, maxLength: 7 } : { autoCapitalize: "none", spellCheck: false, maxLength: 32 })}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </FormField>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {describe(error)}
        </p>
      ) : null}
    </>
  );
}
