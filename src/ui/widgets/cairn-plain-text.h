/* cairn-plain-text.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

char     *cairn_markup_escape                      (const char      *text);
AdwToast *cairn_toast_new_plain                    (const char      *title);
void      cairn_status_page_set_plain_description  (AdwStatusPage   *page,
                                                    const char      *text);
void      cairn_notifications_probe_markup         (GDBusConnection *bus);
void      cairn_notification_set_plain_body        (GNotification   *notification,
                                                    const char      *body);

G_END_DECLS
