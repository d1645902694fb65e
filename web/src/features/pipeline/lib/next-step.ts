import type { BoardCard } from '../api/types';

/**
 * What the recruiter (or the candidate) does next with a candidate where they stand, in a few
 * words for their card; null once the candidacy is decided (Hired, Rejected, Withdrawn).
 */
export function nextStep(card: Pick<BoardCard, 'stage' | 'recommendation' | 'interviewStatus'>): string | null {
  switch (card.stage) {
    case 'new':
      return 'Review, then invite';
    case 'screened':
      return (card.recommendation ?? '').toLowerCase() === 'pass' ? 'Invite to interview' : 'Review the resume';
    case 'invited':
      return 'Awaiting booking';
    case 'scheduled':
      return 'Interview booked';
    case 'interviewed':
      return card.interviewStatus ? 'Review the interview' : 'Awaiting the interview analysis';
    case 'shortlisted':
      return 'Decide on an offer';
    case 'offer':
      return 'Awaiting the answer to the offer';
    default:
      return null;
  }
}
