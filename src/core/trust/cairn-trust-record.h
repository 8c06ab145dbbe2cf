/* cairn-trust-record.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The most of the CLI's config file that is read: it holds every
 * project's state, a few MB at most. */
#define CAIRN_TRUST_MAX_CONFIG (64 * 1024 * 1024)

char     *cairn_trust_record_config_path (void);
char     *cairn_trust_record_key         (const char  *real_folder);
gboolean  cairn_trust_record_is_home     (const char  *real_folder);
gboolean  cairn_trust_record_find        (const char  *text,
                                          gsize        length,
                                          const char  *real_folder,
                                          gboolean    *trusted,
                                          GError     **error);
gboolean  cairn_trust_record_lookup      (const char  *real_folder,
                                          gboolean    *trusted,
                                          GError     **error);
char     *cairn_trust_record_update      (const char  *text,
                                          gsize        length,
                                          const char  *key,
                                          GError     **error);
gboolean  cairn_trust_record_write       (const char  *real_folder,
                                          GError     **error);

G_END_DECLS
