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
 * json-glib, the kind and the text shown for it. And a property of
 * cairn_json_shorten_strings: a line that parses still parses once its
 * strings are cut (to a few bytes, so that every cut is tried). */

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
  if (object != NULL)
    {
      g_autofree char *copy = g_memdup2 (data, size);
      gsize length = cairn_json_shorten_strings (copy, size, 1 + size % 7);
      g_autoptr(CairnMessage) shortened = cairn_message_new_from_line (copy, length);

      /* abort(), which libFuzzer catches and keeps the input of */
      if (cairn_message_get_object (shortened) == NULL)
        {
          g_printerr ("a shortened line no longer parses: %s\n", cairn_message_get_parse_error (shortened));
          abort ();
        }
    }
  return 0;
}
