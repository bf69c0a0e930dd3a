import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { jobId } from '../../shared/applyables.ts';
import type { JobRoleSelectorSection } from '../../types.ts';
import { useApplyTarget } from '../../ui/applyTarget.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { PostingDates } from '../../ui/PostingDates.tsx';
import styles from '../../ui/RoleDetails.module.css';
import { RoleHead, RolePanel, RoleStory } from '../../ui/RoleDetails.tsx';
import { RoleSwitch } from '../../ui/RoleSwitch.tsx';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { ShareLinks } from '../../ui/ShareLinks.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TextList } from '../../ui/TextList.tsx';
import { jobWords } from './jobWords.ts';

type Role = JobRoleSelectorSection['roles'][number];

function JobDetails({ role, chosen, section }: { role: Role; chosen: boolean; section: JobRoleSelectorSection }) {
  const site = useSite();
  const page = usePageContext();
  const ui = site.settings.ui.jobs;
  const words = jobWords(role, site.settings.ui, page.label, site.settings.name);
  const d = role.details;
  const link = `${page.canonicalUrl}?${ROLE_PARAM}=${encodeURIComponent(role.id)}`;
  const target = useApplyTarget(section.apply, { kind: 'job', id: jobId(page.path, role.id) });
  return (
    <div className={styles.details}>
      <div className={styles.top}>
        <RoleHead
          title={role.title}
          factsTitle={ui.highlightsTitle}
          facts={[
            { fact: 'experience', icon: <ClockIcon />, label: ui.experience, value: words.experience },
            { fact: 'salary', icon: <WalletIcon />, label: ui.salary, value: words.salary },
            { fact: 'location', icon: <MapPinIcon />, label: ui.location, value: d.location },
            { fact: 'eligibility', icon: <GradIcon />, label: ui.eligibility, value: d.eligibility },
          ]}
          apply={target && { label: section.apply.label, ...target }}
          share={<ShareLinks url={link} title={words.title} text={words.shareText} what={role.title} />}
        />
        <RoleStory role={role} chosen={chosen} />
      </div>
      <div className={styles.columns}>
        <RolePanel title={ui.skillsTitle}>
          <TextList items={d.skills} className={section.skillsAsCards ? styles.skillCards : styles.chips} />
        </RolePanel>
        <RolePanel title={ui.responsibilitiesTitle}>
          <TextList items={d.responsibilities} />
        </RolePanel>
        <RolePanel title={ui.benefitsTitle}>
          <TextList items={d.benefits} />
        </RolePanel>
      </div>
    </div>
  );
}

/** Apply for a role at the top of the category's page, naming it (its details, with Apply again, are below the roles). */
function LeadApply({ role, section }: { role: Role; section: JobRoleSelectorSection }) {
  const page = usePageContext();
  const target = useApplyTarget(section.apply, { kind: 'job', id: jobId(page.path, role.id) });
  if (!target) return null;
  return (
    <SmartLink href={target.href} newTab={target.newTab} className="button button--small">
      {section.apply.label}: {role.title}
    </SmartLink>
  );
}

/** A job category: Select Job Role, each role with its salary and experience on its button, then the role's highlights, skills, responsibilities and benefits. */
export default function JobRoleSelector(section: JobRoleSelectorSection) {
  const { id, title, intro, roles, defaultRole, posting } = section;
  const site = useSite();
  const page = usePageContext();
  const ui = site.settings.ui.jobs;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <PostingDates posting={posting} />
      <RoleSwitch
        roles={roles}
        defaultRole={defaultRole}
        label={ui.select}
        help={ui.selectHelp}
        summary={(role) => {
          const words = jobWords(role, site.settings.ui, page.label, site.settings.name);
          return [words.salary, words.experience];
        }}
        details={(role, chosen) => <JobDetails role={role} chosen={chosen} section={section} />}
        lead={(role) => <LeadApply role={role} section={section} />}
      />
    </SectionShell>
  );
}
