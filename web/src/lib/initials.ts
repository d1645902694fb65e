/**
 * Initials for the top bar: the first letters of the first and second words
 * of the full name ('Admin User' gives 'AU', 'Cher' gives 'C').
 */
export function getInitials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
