import { formatRate, type EarningsStatementRow, type EarningStatus } from '../../../contracts/earnings.contract';
import { formatDate } from '../../ui/format-date';
import { Money } from '../../ui/Money';
import { StatusBadge } from '../../ui/StatusBadge';
import { deductionNotes } from './earnings-notes';

// The Earnings tab's statement: one card per part of an order on phones, a table on wide screens,
// every deduction with its rate and a line saying what it is a percentage of.

// The badge colour of each state of a part's money (StatusBadge's palette).
const statusTone: Record<EarningStatus, string> = {
  not_delivered: 'not_delivered',
  pending: 'pending',
  payable: 'available',
  reversed: 'voided',
};

function Rate({ bp }: { bp: number | null }) {
  return <span className="block text-xs text-slate-500">{bp === null ? 'mixed rates' : formatRate(bp)}</span>;
}

/** A deduction's sign, read out as "minus". */
function Minus() {
  return (
    <>
      <span aria-hidden="true">− </span>
      <span className="sr-only">minus </span>
    </>
  );
}

const PRICE = 'Price (incl. GST)';

/** Under the price of a part the vendor's own promotion discounted: the price is already after it. */
function PromotionNote({ row }: { row: EarningsStatementRow }) {
  if (row.discountPaise <= 0) return null;
  return (
    <span className="block text-xs text-slate-500">
      after your promotion&apos;s <Money paise={row.discountPaise} /> off
    </span>
  );
}

function Status({ row }: { row: EarningsStatementRow }) {
  return <StatusBadge status={statusTone[row.status]} text={row.statusLabel} />;
}

/** Phones: one card per part, every deduction on its own line. */
export function StatementCard({ row }: { row: EarningsStatementRow }) {
  const lines: [string, number, string?][] = [
    [PRICE, row.grossPaise],
    ['GST in the price', row.gstPaise],
    ['Commission', -row.commissionPaise, row.commissionBp === null ? 'mixed' : formatRate(row.commissionBp)],
    ['TCS', -row.tcsPaise, row.tcsPaise === 0 || row.tcsBp === null ? undefined : formatRate(row.tcsBp)],
    ['TDS', -row.tdsPaise, row.tdsBp === null ? 'mixed' : formatRate(row.tdsBp)],
  ];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold text-slate-900">{row.orderRef}</p>
          <p className="truncate text-sm text-slate-700">{row.shopName}</p>
          <p className="text-xs text-slate-500">
            Ordered {formatDate(row.orderedAt)}
            {row.deliveredAt && ` · delivered ${formatDate(row.deliveredAt)}`}
          </p>
        </div>
        <Status row={row} />
      </div>
      <dl className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm">
        {lines.map(([label, paise, rate]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">
              {label}
              {rate && <span className="text-slate-500"> ({rate})</span>}
              {label === PRICE && <PromotionNote row={row} />}
            </dt>
            <dd className="text-slate-900">
              {paise < 0 && <Minus />}
              <Money paise={Math.abs(paise)} />
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-100 pt-1 font-semibold">
          <dt className="text-slate-900">Your net</dt>
          <dd className="text-slate-900">
            <Money paise={row.vendorNetPaise} />
          </dd>
        </div>
        {row.returnedPaise > 0 && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              Items returned<span className="block text-xs text-slate-500">given back from your net</span>
            </dt>
            <dd className="text-slate-900">
              <Minus />
              <Money paise={row.returnedPaise} />
            </dd>
          </div>
        )}
        {row.cashCollectedPaise !== null && (
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              Cash you collected<span className="block text-xs text-slate-500">deducted from your payout</span>
            </dt>
            <dd className="text-slate-900">
              <Minus />
              <Money paise={row.cashCollectedPaise} />
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-2 text-xs text-slate-500">{deductionNotes(row).join(' · ')}</p>
      <TdsNotes row={row} />
    </li>
  );
}

/** TDS under section 194-O moved on this part after its credit: kept on returns, adjusted for returns. */
function TdsNotes({ row }: { row: EarningsStatementRow }) {
  if (row.tdsNotes.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
      {row.tdsNotes.map((n, i) => (
        <li key={i}>{n.text}</li>
      ))}
    </ul>
  );
}

const th = 'py-2 pr-3 font-medium';
const num = 'py-3 pr-3 text-right align-top';

function StatementRow({ row }: { row: EarningsStatementRow }) {
  return (
    <>
      <tr className="align-top">
        <td className="pt-3 pr-3">
          <p className="font-mono font-semibold text-slate-900">{row.orderRef}</p>
          <p className="text-xs text-slate-600">{row.shopName}</p>
          <p className="text-xs text-slate-500">Ordered {formatDate(row.orderedAt)}</p>
        </td>
        <td className="pt-3 pr-3">
          <Status row={row} />
          {row.deliveredAt && <p className="mt-1 text-xs text-slate-500">Delivered {formatDate(row.deliveredAt)}</p>}
        </td>
        <td className={num}>
          <Money paise={row.grossPaise} />
          <PromotionNote row={row} />
        </td>
        <td className={num}>
          <Money paise={row.gstPaise} />
        </td>
        <td className={num}>
          <Money paise={row.commissionPaise} />
          <Rate bp={row.commissionBp} />
        </td>
        <td className={num}>
          <Money paise={row.tcsPaise} />
          {row.tcsPaise > 0 && <Rate bp={row.tcsBp} />}
        </td>
        <td className={num}>
          <Money paise={row.tdsPaise} />
          <Rate bp={row.tdsBp} />
        </td>
        <td className="py-3 text-right align-top font-semibold text-slate-900">
          <Money paise={row.vendorNetPaise} />
          {row.returnedPaise > 0 && (
            <span className="block whitespace-nowrap text-xs font-normal text-slate-600">
              <Minus />
              <Money paise={row.returnedPaise} /> items returned
            </span>
          )}
          {row.cashCollectedPaise !== null && (
            <span className="block whitespace-nowrap text-xs font-normal text-slate-600">
              <Minus />
              <Money paise={row.cashCollectedPaise} /> cash you collected
            </span>
          )}
        </td>
      </tr>
      <tr>
        <td colSpan={8} className="pb-3 text-xs text-slate-500">
          {deductionNotes(row).join(' · ')}
          <TdsNotes row={row} />
        </td>
      </tr>
    </>
  );
}

export function StatementTable({ rows }: { rows: EarningsStatementRow[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white px-4 shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your statement: each part of an order with its deductions</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className={th}>
              Order
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Price
            </th>
            <th scope="col" className={`${th} text-right`}>
              GST
            </th>
            <th scope="col" className={`${th} text-right`}>
              Commission
            </th>
            <th scope="col" className={`${th} text-right`}>
              TCS
            </th>
            <th scope="col" className={`${th} text-right`}>
              TDS
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Your net
            </th>
          </tr>
        </thead>
        <tbody className="[&>tr:nth-child(2n)]:border-b [&>tr:nth-child(2n)]:border-slate-100">
          {rows.map((r) => (
            <StatementRow key={r.partId} row={r} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
