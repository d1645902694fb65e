import { Link } from 'react-router';

import { paths } from '@/config/paths';

/**
 * The hint under an assistant picker that has nothing to offer: the way to make the first
 * assistant, rather than a dead end.
 */
export function CreateAssistantHint() {
  return (
    <>
      No AI assistant yet.{' '}
      <Link to={paths.createAssistant} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        Create an assistant
      </Link>
    </>
  );
}
