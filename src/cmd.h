/*
 * Subcommands of worldbench(1).  Each lives in its own src/cmd_<name>.c,
 * parses its own options, and returns the process exit status.  Usage
 * errors return EX_USAGE (64) after printing that command's synopsis.
 */
#ifndef WB_CMD_H
#define WB_CMD_H

/*
 * Declared weak while the tree grows command by command: main() reports a
 * command that is not built into this binary instead of failing to link.
 */
#define WB_CMD(name)	int name(int, char **) __attribute__((weak))

WB_CMD(cmd_run);
WB_CMD(cmd_table);
WB_CMD(cmd_import);
WB_CMD(cmd_compare);
WB_CMD(cmd_preflight);
WB_CMD(cmd_check_release);
WB_CMD(cmd_recipe);
WB_CMD(cmd_image);
WB_CMD(cmd_images);
WB_CMD(cmd_chroot);
WB_CMD(cmd_boot);
WB_CMD(cmd_kernel);

#endif
