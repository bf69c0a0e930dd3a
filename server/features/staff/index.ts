/** The staff console: what the command line may use (making the first owner, listing and removing staff). */
export { addStaffFromCommandLine, removeStaffFromCommandLine, staffList } from './commandLine.ts';
