/** npm run validate: checks every file in pages/ and data/; exits 1 when anything is wrong (engine/content/validateCommand.ts). */
import { validateCommand } from '../engine/content/validateCommand.ts';

process.exitCode = validateCommand(process.cwd(), { out: (line) => console.log(line), err: (line) => console.error(line) });
