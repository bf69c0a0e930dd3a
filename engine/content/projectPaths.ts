import path from 'node:path';

/** The folders of a project checkout; every content tool takes a root so tests can work in a temporary copy. */
export interface ProjectPaths {
  root: string;
  pages: string;
  data: string;
  schemas: string;
  publicDir: string;
}

export function projectPaths(root: string = process.cwd()): ProjectPaths {
  const abs = path.resolve(root);
  return {
    root: abs,
    pages: path.join(abs, 'pages'),
    data: path.join(abs, 'data'),
    schemas: path.join(abs, 'schemas'),
    publicDir: path.join(abs, 'public'),
  };
}

/** Forward slashes, relative to the project root: the form every message uses. */
export function toProjectRelative(paths: ProjectPaths, abs: string): string {
  return path.relative(paths.root, abs).split(path.sep).join('/');
}
