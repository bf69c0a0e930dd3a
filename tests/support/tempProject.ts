export { makeTempProject, projectRoot } from '../../scripts/lib/projectCopy.ts';
