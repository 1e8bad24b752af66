import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSearchParams } from 'react-router';
import { MarketplaceProducts, SellProductButton } from '@/features/products/components/MarketplacePage';
import { PostWantedLink, WantedBoard } from '@/features/wanted/components/WantedBoard';

const TABS = [
  {
    value: 'products',
    label: 'For sale',
    description: 'Second-hand things from students on campus.',
    action: <SellProductButton />,
    panel: <MarketplaceProducts />,
  },
  {
    value: 'wanted',
    label: 'Wanted',
    description: 'What students on campus are looking for, and the most they would pay.',
    action: <PostWantedLink />,
    panel: <WantedBoard />,
  },
] as const;

/**
 * /marketplace, for both roles: what is for sale, and on a tab of its own (`?tab=wanted`) what
 * students want. The tab is kept in the address; changing it starts the other list unfiltered.
 */
export function MarketplacePage() {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((tab) => tab.value === params.get('tab')),
  );
  return (
    <>
      <title>Marketplace · CampusRun</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Marketplace</h1>
          <p className="mt-1 text-sm text-slate-500">{TABS[index].description}</p>
        </div>
        {TABS[index].action}
      </div>
      <TabGroup
        className="mt-5"
        selectedIndex={index}
        onChange={(i) => {
          // Only a change of tab starts the other list unfiltered (the tabs may report the one shown).
          if (i !== index)
            setParams(i === 0 ? {} : { tab: TABS[i].value }, { replace: true, preventScrollReset: true });
        }}
      >
        <TabList className="flex gap-1 rounded-lg bg-slate-100 p-1 sm:inline-flex">
          {TABS.map((tab) => (
            <Tab
              key={tab.value}
              className="min-h-11 flex-1 rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          {TABS.map((tab) => (
            <TabPanel
              key={tab.value}
              unmount
              className="focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {tab.panel}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}
