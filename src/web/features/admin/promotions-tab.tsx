import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  promotionStatuses,
  type PromotionList,
  type PromotionResult,
  type PromotionRow,
  type PromotionStatus,
} from '../../../contracts/promotions.contract';
import { api, ApiError, toQuery } from '../../api/client';
import { adminPromotions, type PromotionWorkspace } from '../../api/promotion-workspaces';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { notify } from '../../ui/notify';
import { StatusBadge } from '../../ui/StatusBadge';
import { AdminListToolbar, ListFilter } from './admin-list-parts';
import { PromotionCostSection } from './promotion-cost-section';
import { PromotionFormDialog } from './promotion-form-dialog';
import { dayText, RatesSection, wholeList } from './rate-form-parts';

export const promotionsKey = adminPromotions.queryKey;

export const promotionStatusLabels: Record<PromotionStatus, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

/** The list's address for a status and a search, and its CSV's, in the workspace's API (the admin's unless said). */
export const promotionsPath = (
  filters: { status?: string; q?: string },
  csv = false,
  workspace: PromotionWorkspace = adminPromotions,
) => `${workspace.basePath}${csv ? '.csv' : ''}${toQuery({ status: filters.status, q: filters.q })}`;

/** The dates a promotion runs: '1 Dec 2026 to 7 Dec 2026', 'From 1 Dec 2026' without a last day. */
export const promotionDates = (p: Pick<PromotionRow, 'startsOn' | 'endsOn'>) =>
  p.endsOn ? `${dayText(p.startsOn)} to ${dayText(p.endsOn)}` : `From ${dayText(p.startsOn)}, no end`;

type RowAction = 'pause' | 'resume' | 'end';

const actionWords: Record<RowAction, { done: string; failed: string }> = {
  pause: { done: 'paused', failed: 'Failed to pause' },
  resume: { done: 'resumed', failed: 'Failed to resume' },
  end: { done: 'ended', failed: 'Failed to end' },
};

export const promotionColumns: Column<PromotionRow>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => (
      <>
        <span className="font-medium text-slate-900">{p.name}</span>
        <span className="block text-xs text-slate-500">
          {p.kind === 'coupon' ? 'Coupon' : p.stackable ? 'Automatic, combines' : 'Automatic'}
          {p.firstOrderOnly ? ' · first order only' : ''}
        </span>
      </>
    ),
  },
  {
    key: 'code',
    header: 'Code',
    render: (p) => (p.code ? <span className="font-mono">{p.code}</span> : '—'),
  },
  { key: 'offer', header: 'Offer', render: (p) => p.offer },
  { key: 'covers', header: 'Covers', render: (p) => p.covers },
  {
    key: 'status',
    header: 'Status',
    render: (p) => <StatusBadge status={p.status} text={promotionStatusLabels[p.status]} />,
  },
  { key: 'uses', header: 'Uses', numeric: true, render: (p) => p.uses.toLocaleString('en-IN') },
  { key: 'spent', header: 'Spent', numeric: true, render: (p) => <Money paise={p.spentPaise} /> },
  { key: 'orders', header: 'Orders', numeric: true, render: (p) => p.orders.toLocaleString('en-IN') },
  { key: 'revenue', header: 'Revenue', numeric: true, render: (p) => <Money paise={p.revenuePaise} /> },
  { key: 'budget', header: 'Budget', render: (p) => p.budget ?? 'None' },
  { key: 'dates', header: 'Dates', render: (p) => promotionDates(p) },
];

/**
 * The Promotions tab (permission 'promotions'): coupon codes and automatic discounts with their uses
 * and spend, orders and revenue, filtered by status and searched by name or code, exported as CSV; a new promotion, the
 * edit of one not started yet, pause, resume and end (asked first). The super admin's (Haat pays, with its
 * monthly cost) unless a vendor's workspace is given (the vendor pays; its own promotions, no CSV).
 */
export function PromotionsTab({ workspace = adminPromotions }: { workspace?: PromotionWorkspace }) {
  const key = workspace.queryKey;
  const action = workspace.notifyAction;
  const qc = useQueryClient();
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [form, setForm] = useState<{ editing: PromotionRow | null } | null>(null);
  const [ending, setEnding] = useState<PromotionRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...key, status, q],
    queryFn: () => api.get<PromotionList>(promotionsPath({ status, q }, false, workspace)),
  });
  const search = useCallback((text: string) => setQ(text), []);
  const rows = list.data?.promotions;

  const act = async (p: PromotionRow, change: RowAction) => {
    setBusy(p.id);
    try {
      const done = await api.post<PromotionResult>(`${workspace.basePath}/${p.id}/${change}`);
      notify.success(`${done.promotion.name} ${actionWords[change].done}`, { action });
      setEnding(null);
      void qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      const message = e instanceof ApiError ? e.message : 'Something went wrong. Please try again.';
      notify.error(`${actionWords[change].failed}: ${message}`, { action });
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-6">
      <RatesSection
        id={action}
        title="Promotions"
        lead={workspace.lead}
        action={<Button onClick={() => setForm({ editing: null })}>New promotion</Button>}
      >
        <AdminListToolbar
          list={{
            q,
            search,
            filters: { status },
            setFilter: (_name, value) => setStatus(value),
            exportHref: workspace.csv ? promotionsPath({ status, q }, true, workspace) : undefined,
          }}
          searchLabel="Search by name or code"
        >
          <ListFilter
            list={{ filters: { status }, setFilter: (_name, value) => setStatus(value) }}
            name="status"
            label="Status"
            width="w-40"
            choices={promotionStatuses}
            labels={promotionStatusLabels}
            any="All statuses"
          />
        </AdminListToolbar>
        <DataTable
          label="Promotions"
          columns={promotionColumns}
          rows={rows}
          {...wholeList(rows?.length ?? 0)}
          rowKey={(p) => p.id}
          loading={list.isPending}
          error={list.isError ? `Failed to load the promotions: ${list.error.message}` : null}
          onRetry={() => void list.refetch()}
          emptyTitle={status || q ? 'No promotion matches' : 'No promotions yet'}
          emptyText={
            status || q
              ? 'Try another status or search.'
              : 'Create a coupon code or an automatic discount with New promotion.'
          }
          actions={(p) => (
            <div className="flex flex-wrap gap-2">
              {p.status === 'scheduled' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setForm({ editing: p })}
                  aria-label={`Edit ${p.name}`}
                >
                  Edit
                </Button>
              )}
              {(p.status === 'active' || p.status === 'scheduled') && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy === p.id}
                  onClick={() => void act(p, 'pause')}
                  aria-label={`Pause ${p.name}`}
                >
                  Pause
                </Button>
              )}
              {p.status === 'paused' && (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy === p.id}
                  onClick={() => void act(p, 'resume')}
                  aria-label={`Resume ${p.name}`}
                >
                  Resume
                </Button>
              )}
              {p.status !== 'ended' && (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy === p.id}
                  onClick={() => setEnding(p)}
                  aria-label={`End ${p.name}`}
                >
                  End
                </Button>
              )}
            </div>
          )}
        />
      </RatesSection>
      {workspace.funder.by === 'haat' && <PromotionCostSection />}
      {form && <PromotionFormDialog workspace={workspace} editing={form.editing} onClose={() => setForm(null)} />}
      <ConfirmDialog
        open={ending !== null}
        title={ending ? `End ${ending.name}` : 'End the promotion'}
        confirmLabel="End the promotion"
        busy={ending !== null && busy === ending.id}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && void act(ending, 'end')}
      >
        {ending?.code ? `The code ${ending.code} stops working at once` : 'It stops applying at once'}, and an ended
        promotion cannot be resumed. Orders already placed keep their discount.
      </ConfirmDialog>
    </div>
  );
}
