import { useState } from 'react';
import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill, fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { internshipId, ownProgrammeId } from '../../shared/applyables.ts';
import { formatRupees } from '../../shared/money.ts';
import type { RoleSelectorSection } from '../../types.ts';
import { useApplyTarget } from '../../ui/applyTarget.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { PostingDates } from '../../ui/PostingDates.tsx';
import styles from '../../ui/RoleDetails.module.css';
import { RoleHead, RolePanel, RoleStory } from '../../ui/RoleDetails.tsx';
import { RoleSwitch } from '../../ui/RoleSwitch.tsx';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { FINDER_KEYS, filterWords, finderQuery, fromYearLabel, modeLabel, roleFiltersIn, roleMatches } from '../../ui/roleFilters.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { ShareLinks } from '../../ui/ShareLinks.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TextList } from '../../ui/TextList.tsx';
import own from './RoleSelector.module.css';
import { roleWords } from './roleWords.ts';

type Role = RoleSelectorSection['roles'][number];

function RoleDetails({ role, chosen, apply, programme }: { role: Role; chosen: boolean; apply: RoleSelectorSection['apply']; programme: string }) {
  const site = useSite();
  const page = usePageContext();
  const allUi = site.settings.ui;
  const ui = allUi.roleSelector;
  const words = roleWords(role, allUi, page.label, site.settings.name);
  const d = role.details;
  const target = useApplyTarget(apply, { kind: 'internship', id: internshipId(programme, role.id) }, { stream: page.label, role: role.title });
  const link = `${page.canonicalUrl}?${ROLE_PARAM}=${encodeURIComponent(role.id)}`;
  return (
    <div className={styles.details}>
      <div className={styles.top}>
        <RoleHead
          title={role.title}
          factsTitle={ui.detailsTitle}
          facts={[
            { fact: 'duration', icon: <ClockIcon />, label: ui.duration, value: words.weeks },
            { fact: 'stipend', icon: <WalletIcon />, label: ui.stipend, value: words.stipend },
            { fact: 'location', icon: <MapPinIcon />, label: ui.location, value: `${d.location} · ${d.mode}` },
            { fact: 'eligibility', icon: <GradIcon />, label: ui.eligibility, value: d.eligibility },
          ]}
          apply={target && { label: apply.label, ...target }}
          share={<ShareLinks url={link} title={words.title} text={words.shareText} what={role.title} />}
        />
        <RoleStory role={role} chosen={chosen} />
      </div>
      <div className={styles.columns}>
        <RolePanel title={ui.gainsTitle}>
          <TextList items={ui.gains.map((gain) => fill(gain, { role: role.title }))} />
        </RolePanel>
        <RolePanel title={ui.skillsTitle}>
          <TextList items={d.skills} className={styles.chips} />
        </RolePanel>
        <RolePanel title={ui.responsibilitiesTitle}>
          <TextList items={d.responsibilities} />
        </RolePanel>
      </div>
    </div>
  );
}

/** Apply for a role at the top of the page, naming it (its full details, with Apply again, are below the list of roles). */
function LeadApply({ role, apply, programme }: { role: Role; apply: RoleSelectorSection['apply']; programme: string }) {
  const page = usePageContext();
  const target = useApplyTarget(apply, { kind: 'internship', id: internshipId(programme, role.id) }, { stream: page.label, role: role.title });
  if (!target) return null;
  return (
    <SmartLink href={target.href} newTab={target.newTab} className="button button--small">
      {apply.label}: {role.title}
    </SmartLink>
  );
}

/** What a stream's roles mean by a work mode with a city, one tap away under their buttons. */
function ModeNote() {
  const ui = useSite().settings.ui.finder;
  return (
    <details className={own.modeNote}>
      <summary>{ui.modeNoteTitle}</summary>
      <p>{ui.modeNote}</p>
    </details>
  );
}

/**
 * Opened from the finder, the page keeps the filters chosen there (?year=2&mode=remote): it says so, lists only the
 * roles that fit them (all of them a tap away), and leads back to the list as it was.
 */
function CarriedFilters({ roles, showAll, onShowAll }: { roles: readonly Role[]; showAll: boolean; onShowAll: (all: boolean) => void }) {
  const site = useSite();
  const ui = site.settings.ui;
  const finder = usePageContext().derived.finder;
  const [params] = useSearchParams();
  const filters = roleFiltersIn(params);
  const words = filterWords(ui, filters, formatRupees);
  const matching = roles.filter((r) => roleMatches(r.details, filters)).length;
  const back = finder
    ? `${finder.path}?${finderQuery(Object.fromEntries(FINDER_KEYS.map((k) => [k, params.get(k) ?? ''])))}${finder.anchor ? `#${finder.anchor}` : ''}`
    : undefined;
  return (
    <div className={own.carried} data-carried="">
      <p>
        {fill(ui.finder.carried, { filters: words.join(' · ') })} {matching ? fillCount(ui.finder.matchHere, matching) : ui.finder.noneHere}
      </p>
      <p className={own.carriedActions}>
        {matching && matching < roles.length ? (
          <button type="button" className="button button--secondary button--small" onClick={() => onShowAll(!showAll)}>
            {showAll ? ui.finder.showMatching : fill(ui.finder.showAll, { count: roles.length })}
          </button>
        ) : null}
        {back ? (
          <SmartLink href={back} className="button button--small">
            {ui.finder.backToList}
          </SmartLink>
        ) : null}
      </p>
    </div>
  );
}

/**
 * An internship stream: Select Role, each role with its stipend, weeks, from
 * which year of study it is open and its work mode on its button, then the
 * chosen role's figures, Apply Now (the site's application form for the role,
 * or an outside form with the stream and role filled in), share, picture, gains, skills and responsibilities. Opened from the
 * finder, the roles that fit its filters.
 */
export default function RoleSelector({ id, title, intro, roles, defaultRole, apply, programme, posting }: RoleSelectorSection) {
  const site = useSite();
  const page = usePageContext();
  const ui = site.settings.ui.roleSelector;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [showAll, setShowAll] = useState(false);
  // Only once the script is in: the served page is the same for every address of a role.
  const filters = hydrated ? roleFiltersIn(params) : {};
  const filtering = Object.keys(filters).length > 0;
  const someMatch = roles.some((r) => roleMatches(r.details, filters));
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <PostingDates posting={posting} />
      <RoleSwitch
        roles={roles}
        defaultRole={defaultRole}
        label={ui.select}
        help={ui.selectHelp}
        summary={(role) => {
          const words = roleWords(role, site.settings.ui, page.label, site.settings.name);
          return [
            words.stipend,
            words.weeks,
            fromYearLabel(site.settings.ui, role.details.whoCanApply.fromYear),
            modeLabel(site.settings.ui, role.details.mode),
          ];
        }}
        details={(role, chosen) => <RoleDetails role={role} chosen={chosen} apply={apply} programme={programme ?? ownProgrammeId(page.label)} />}
        lead={(role) => <LeadApply role={role} apply={apply} programme={programme ?? ownProgrammeId(page.label)} />}
        hide={filtering && someMatch && !showAll ? (role) => !roleMatches(role.details, filters) : undefined}
        above={filtering ? <CarriedFilters roles={roles} showAll={showAll} onShowAll={setShowAll} /> : null}
        below={<ModeNote />}
      />
    </SectionShell>
  );
}
