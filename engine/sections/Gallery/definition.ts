import { readImageSizes } from '../../content/imageSizes.ts';
import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('gallery', {
  // Pictures shown at their own proportions reserve their space before they load.
  derive: (section, page, _index, { model }) => ({
    imageSizes: {
      ...page.derived.imageSizes,
      ...readImageSizes(
        model.paths,
        section.images.map((image) => image.src),
      ),
    },
  }),
});
