/* cairn-permission-request.h
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "approvals/cairn-question.h"
#include "cairn-types.h"

G_BEGIN_DECLS

#define CAIRN_TYPE_PERMISSION_REQUEST (cairn_permission_request_get_type())

G_DECLARE_FINAL_TYPE (CairnPermissionRequest, cairn_permission_request, CAIRN, PERMISSION_REQUEST, GObject)

CairnPermissionRequest *cairn_permission_request_new             (JsonObject             *control_request,
                                                                   const char             *cwd);
const char             *cairn_permission_request_get_request_id  (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_tool_use_id (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_tool_name   (CairnPermissionRequest *self);
CairnPermissionKind     cairn_permission_request_get_kind        (CairnPermissionRequest *self);
CairnPermissionState    cairn_permission_request_get_state       (CairnPermissionRequest *self);
void                    cairn_permission_request_set_state       (CairnPermissionRequest *self,
                                                                   CairnPermissionState    state);
JsonObject             *cairn_permission_request_get_input       (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_title       (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_subtitle    (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_details     (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_diff        (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_reason      (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_blocked_path (CairnPermissionRequest *self);
gboolean                cairn_permission_request_get_outside_project (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_plan        (CairnPermissionRequest *self);
guint                   cairn_permission_request_get_n_suggestions (CairnPermissionRequest *self);
char                   *cairn_permission_request_dup_suggestion_label (CairnPermissionRequest *self,
                                                                        guint                   index);
JsonObject             *cairn_permission_request_get_suggestion  (CairnPermissionRequest *self,
                                                                   guint                   index);
JsonObject             *cairn_permission_request_dup_session_rule (CairnPermissionRequest *self);
char                   *cairn_permission_request_dup_session_rule_label (CairnPermissionRequest *self);
gboolean                cairn_permission_request_suggestion_is_session_rule (CairnPermissionRequest *self,
                                                                              guint                   index);
gboolean                cairn_permission_request_is_write        (CairnPermissionRequest *self);

GPtrArray              *cairn_permission_request_dup_questions   (CairnPermissionRequest *self);
const char             *cairn_permission_request_get_command     (CairnPermissionRequest *self);
char                   *cairn_permission_request_dup_notification_body (CairnPermissionRequest *self);

G_END_DECLS
