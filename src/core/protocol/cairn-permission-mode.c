/* cairn-permission-mode.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib-object.h>

#include "cairn-enums.h"
#include "cairn-types.h"

/* The modes' names, kept once: in the enum's nicks (cairn-types.h). */

const char *
cairn_permission_mode_to_nick (CairnPermissionMode mode)
{
  g_autoptr(GEnumClass) modes = g_type_class_ref (CAIRN_TYPE_PERMISSION_MODE);
  GEnumValue *value = g_enum_get_value (modes, mode);

  return value ? value->value_nick : "default";
}

/* FALSE for a word that is no mode (the CLI accepts any, and says it back
 * in init), leaving @mode as it was. */
gboolean
cairn_permission_mode_from_nick (const char          *nick,
                                 CairnPermissionMode *mode)
{
  g_autoptr(GEnumClass) modes = g_type_class_ref (CAIRN_TYPE_PERMISSION_MODE);
  GEnumValue *value = nick ? g_enum_get_value_by_nick (modes, nick) : NULL;

  if (value == NULL)
    return FALSE;
  *mode = value->value;
  return TRUE;
}

/**
 * cairn_permission_mode_get_label:
 *
 * A mode's name as the header's menu and the preferences show it, kept
 * once for both.
 *
 * Returns: (nullable): the translated label, or %NULL for a mode Cairn
 *   offers nowhere (dontAsk)
 */
const char *
cairn_permission_mode_get_label (CairnPermissionMode mode)
{
  switch (mode)
    {
    case CAIRN_PERMISSION_MODE_DEFAULT:
      return _("Ask Before Edits");
    case CAIRN_PERMISSION_MODE_ACCEPT_EDITS:
      return _("Accept Edits");
    case CAIRN_PERMISSION_MODE_PLAN:
      return _("Plan");
    case CAIRN_PERMISSION_MODE_BYPASS:
      return _("Bypass Permissions");
    case CAIRN_PERMISSION_MODE_DONT_ASK:
    default:
      return NULL;
    }
}
