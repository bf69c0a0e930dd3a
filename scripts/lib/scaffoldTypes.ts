import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { folderOf } from '../../codegen/generateSectionLists.ts';
import { makeTempProject } from '../../tooling/projectCopy.ts';

/** The type scaffolded: a name no real section type will take. */
const PROBE_TYPE = 'scaffoldProbe';

/**
 * A section type as `npm run new -- section <type> --definition` writes it compiles as written: its component, test
 * and definition, and the generated registry, definitions list and types that now hold it. In a copy of the project,
 * with the project's compiler options, the type checker reads the files the scaffold wrote or regenerated and what
 * they import, and reports on the written and regenerated ones. The rest of the project is what tsc has just checked;
 * a new type reaches it only through the generated types, and no hand-written code names a section type (the
 * section-homes check), so no switch or table of every type can miss the new one. A few seconds, where tsc on the
 * whole copy took half a minute to two minutes.
 * Returns tsc's report of the problems ('' when there are none) and how many files were checked.
 */
export function scaffoldTypeProblems(): { report: string; checked: string[] } {
  const temp = makeTempProject('scaffold-types-');
  try {
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/newPage.ts', 'section', PROBE_TYPE, '--definition'], { cwd: temp.root, stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
      return { report: `npm run new -- section ${PROBE_TYPE} --definition failed:\n${stdout}${stderr}`, checked: [] };
    }
    const folders = [path.join('engine', 'sections', folderOf(PROBE_TYPE)), path.join('engine', 'generated')];
    const written = folders.flatMap((folder) =>
      fs
        .readdirSync(path.join(temp.root, folder))
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => path.join(temp.root, folder, f)),
    );
    const configFile = ts.readConfigFile(path.join(temp.root, 'tsconfig.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, temp.root);
    const program = ts.createProgram(written, options);
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...written.flatMap((file) => {
        const source = program.getSourceFile(file)!;
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      }),
    ];
    const report = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => temp.root,
      getNewLine: () => '\n',
    });
    return { report, checked: written.map((file) => path.relative(temp.root, file).split(path.sep).join('/')) };
  } finally {
    temp.remove();
  }
}
