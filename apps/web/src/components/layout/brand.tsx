import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Brand() {
  return (
    <Link to={paths.home} className="flex items-center gap-2 font-semibold text-lg" aria-label="GiftRelay home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>GiftRelay</span>
    </Link>
  );
}
