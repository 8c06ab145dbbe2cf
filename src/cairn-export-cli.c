/* cairn-export-cli.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-export"

#include "config.h"

#include <glib/gi18n.h>
#include <unistd.h>

#include "cairn-export-cli.h"
#include "export/cairn-export.h"
#include "history/cairn-history-paths.h"
#include "protocol/cairn-util.h"

/* `cairn --export ID --format md|html|jsonl [--output FILE]`: no window,
 * no display, no running Cairn asked; handled in the process started
 * (GApplication's handle-local-options), blocking, as a command does. */

static int
fail (const char *message)
{
  g_printerr ("cairn: %s\n", message);
  return 1;
}

static int
write_stdout (GBytes *document)
{
  gsize size = 0;
  const char *data = g_bytes_get_data (document, &size);
  int error = cairn_write_all (STDOUT_FILENO, data, size);

  return error != 0 ? fail (g_strerror (error)) : 0;
}

int
cairn_export_cli_run (GVariantDict *options)
{
  const char *id = NULL, *format_name = "md", *output = NULL;
  g_autoptr(GFile) conversation = NULL;
  g_autoptr(GFile) destination = NULL;
  g_autoptr(CairnExport) export = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *images_dir = NULL;
  g_autofree char *message = NULL;
  CairnExportFormat format;

  g_variant_dict_lookup (options, "export", "&s", &id);
  g_variant_dict_lookup (options, "format", "&s", &format_name);
  g_variant_dict_lookup (options, "output", "^&ay", &output);
  if (!cairn_export_format_from_name (format_name, &format))
    {
      message = g_strdup_printf (_("Unknown format “%s”: use md, html or jsonl"), format_name);
      return fail (message);
    }
  if ((conversation = cairn_history_find_conversation (id)) == NULL)
    {
      message = g_strdup_printf (_("No conversation with the id “%s” was found"), id);
      return fail (message);
    }
  if (output != NULL && g_strcmp0 (output, "-") != 0)
    {
      destination = g_file_new_for_commandline_arg (output);
      images_dir = cairn_export_images_dir_name (destination);
      if (g_file_equal (destination, conversation))
        return fail (_("A conversation cannot be exported onto its own file"));
    }
  export = cairn_export_render (conversation, format, images_dir, NULL, &error);
  if (export == NULL)
    return fail (error->message);
  if (destination == NULL)
    return write_stdout (cairn_export_get_document (export));
  if (!cairn_export_write (export, destination, NULL, &error))
    return fail (error->message);
  return 0;
}
