import { makeSearchRecord, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('cardGrid', {
  // The cards of the page the Services menu opens are the services a visitor may search for by name.
  searchRecords(section, page, { model }) {
    const servicesPath = model.site.navigation.find((menu) => menu.id === 'services')?.href;
    if (page.path !== servicesPath) return [];
    return section.cards.map((card) =>
      makeSearchRecord(
        {
          id: `service:${card.title}`,
          kind: 'service',
          title: card.title,
          context: 'Service',
          url: page.path,
          text: [card.text ?? '', (card.items ?? []).join(', '), 'service'].join(' · '),
        },
        SEARCH_RANK.service,
      ),
    );
  },
});
