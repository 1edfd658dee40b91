import { LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { messages as authMessages } from '../../../contracts/auth.contract';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/notify';
import { ErpNotificationsButton } from './erp-notifications';
import type { ErpTarget } from './erp-reveal';
import { ErpSearch } from './erp-search';
import { ErpSettingsModal } from './erp-settings-modal';

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600';

type ErpHeaderProps = {
  /** A project or task chosen in the search. */
  onChoose: (target: ErpTarget) => void;
  onLogout: () => Promise<void>;
};

/** The bar above the tabs: search, notifications, settings and Logout; on a phone the search has its own row. */
export function ErpHeader({ onChoose, onLogout }: ErpHeaderProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      await onLogout();
    } catch {
      notify.error(authMessages.signOutFailed);
      setLeaving(false);
    }
  };

  return (
    <div className="mb-6 flex flex-wrap items-center gap-2 sm:flex-nowrap sm:gap-3">
      <ErpSearch onChoose={onChoose} className="w-full sm:w-auto sm:max-w-md sm:flex-1" />
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <ErpNotificationsButton />
        <button
          type="button"
          aria-label="Settings"
          aria-haspopup="dialog"
          onClick={() => setSettingsOpen(true)}
          className={iconButton}
        >
          <Settings className="h-5 w-5" aria-hidden="true" />
        </button>
        <Button variant="secondary" onClick={logout} loading={leaving} className="h-10">
          {!leaving && <LogOut className="h-4 w-4" aria-hidden="true" />} Logout
        </Button>
      </div>
      {settingsOpen && <ErpSettingsModal onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
