/* fuzz-line.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-message.h"

/* One line from the CLI through CairnMessage alone: the parser, the
 * kind and the text shown for it. Two properties: a line the parser takes
 * json-glib takes too, and makes the same tree of (json-glib is the
 * reference, and takes more: comments, single quotes); and
 * cairn_json_shorten_strings: a line that parses still parses once its
 * strings are cut (to a few bytes, so that every cut is tried). */

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* Where the parser differs from json-glib by design, no comparison:
 * "\u0000" and lone surrogates become U+FFFD (json-glib cuts the string
 * or takes a character with it), and an integer past gint64 becomes a
 * double (json-glib's wraps around). */
static gboolean
differs_by_design (const char *data,
                   gsize       size)
{
  guint digits = 0;

  for (gsize i = 0; i < size; i++)
    {
      if (i + 5 < size && data[i] == '\\' && data[i + 1] == 'u' &&
          ((data[i + 2] == 'd' || data[i + 2] == 'D') || memcmp (data + i + 2, "0000", 4) == 0))
        return TRUE;
      digits = g_ascii_isdigit (data[i]) ? digits + 1 : 0;
      if (digits > 18)
        return TRUE;
    }
  return FALSE;
}

static void
assert_json_glib_agrees (const char *data,
                         gsize       size,
                         JsonObject *object)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonNode) ours = json_node_init_object (json_node_alloc (), object);
  JsonNode *theirs;

  if (differs_by_design (data, size))
    return;
  if (!json_parser_load_from_data (parser, data, size, NULL) ||
      (theirs = json_parser_get_root (parser)) == NULL || !json_node_equal (ours, theirs))
    {
      g_printerr ("json-glib reads this line otherwise\n");
      abort ();
    }
}

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
    assert_json_glib_agrees ((const char *)data, size, object);
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
