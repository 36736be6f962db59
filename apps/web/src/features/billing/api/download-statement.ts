import type { StatementFormat } from '@giftrelay/contracts';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '@/lib/download';
import { type StatementPeriod, statementFilename, statementPath } from '../utils/statement-period';

/** Downloads the statement of a period with the session's token and saves it; resolves with its file name. */
export const downloadStatement = ({ period, format }: { period: StatementPeriod; format: StatementFormat }) =>
  downloadApiFile(statementPath(period, format), statementFilename(period, format));

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
