import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { RoleSelectorSection } from '../../types.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { usePrefilledHref } from '../../ui/prefill.ts';
import styles from '../../ui/RoleDetails.module.css';
import { RoleHead, RolePanel, RoleStory } from '../../ui/RoleDetails.tsx';
import { RoleSwitch } from '../../ui/RoleSwitch.tsx';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { ShareLinks } from '../../ui/ShareLinks.tsx';
import { TextList } from '../../ui/TextList.tsx';
import { roleWords } from './roleWords.ts';

type Role = RoleSelectorSection['roles'][number];

function RoleDetails({ role, chosen, apply }: { role: Role; chosen: boolean; apply: RoleSelectorSection['apply'] }) {
  const site = useSite();
  const page = usePageContext();
  const allUi = site.settings.ui;
  const ui = allUi.roleSelector;
  const words = roleWords(role, allUi, page.label, site.settings.name);
  const d = role.details;
  const href = usePrefilledHref(apply.href, { stream: page.label, role: role.title });
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
          apply={{ ...apply, href }}
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

/**
 * An internship stream: Select Role, each role with its stipend and weeks on
 * its button, then the chosen role's figures, Apply Now (with the stream and
 * role filled in on the form), share, picture, gains, skills and responsibilities.
 */
export default function RoleSelector({ id, title, intro, roles, defaultRole, apply }: RoleSelectorSection) {
  const site = useSite();
  const page = usePageContext();
  const ui = site.settings.ui.roleSelector;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <RoleSwitch
        roles={roles}
        defaultRole={defaultRole}
        label={ui.select}
        help={ui.selectHelp}
        summary={(role) => {
          const words = roleWords(role, site.settings.ui, page.label, site.settings.name);
          return [words.stipend, words.weeks];
        }}
        details={(role, chosen) => <RoleDetails role={role} chosen={chosen} apply={apply} />}
      />
    </SectionShell>
  );
}
