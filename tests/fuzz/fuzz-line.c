/* fuzz-line.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "protocol/cairn-json.h"
#include "protocol/cairn-message.h"

/* One line from the CLI through CairnMessage alone: the nesting check,
 * json-glib, the kind and the text shown for it. */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(CairnMessage) message = cairn_message_new_from_line ((const char *)data, size);
  g_autofree char *text = cairn_message_dup_display_text (message, 4096);
  JsonObject *object = cairn_message_get_object (message);

  (void)text;
  if (object != NULL)
    (void)cairn_json_get_int (object, "input_tokens", 0);
  (void)cairn_message_get_subtype (message);
  return 0;
}
