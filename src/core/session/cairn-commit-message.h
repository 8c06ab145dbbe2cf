/* cairn-commit-message.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *cairn_commit_message_prompt        (const char          *title,
                                          const char          *diff);
char *cairn_commit_message_from_output   (const char          *stdout_text,
                                          GError             **error);
void  cairn_commit_message_write_async   (const char          *cli_path,
                                          const char          *model,
                                          const char          *worktree,
                                          const char          *title,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
char *cairn_commit_message_write_finish  (GAsyncResult        *result,
                                          GError             **error);

G_END_DECLS
