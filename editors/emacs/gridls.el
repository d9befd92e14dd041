;;; gridls.el --- Plain-text tables in Markdown and reStructuredText -*- lexical-binding: t; -*-

;; Author: the gridls authors
;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: convenience, text, languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; gridls formats, edits and diagnoses pipe, grid and simple tables in
;; Markdown (as GitHub reads it, and as pandoc reads Quarto and R
;; Markdown) and reStructuredText.  This file runs the `gridls' language
;; server through eglot:
;;
;;   (require 'gridls)
;;   (gridls-setup)
;;
;; registers the server for `markdown-mode', `gfm-mode', `rst-mode' and
;; Quarto's modes, starts it in those buffers (`gridls-ensure'), formats
;; tables on save after the fixes that have one reading only
;; (`gridls-format-on-save', `gridls-fix-on-save'), and defines one
;; command per table action (`gridls-insert-row', `gridls-merge', ...).
;; `gridls-table-keys-mode' (or `gridls-table-keys') binds TAB, S-TAB
;; and RET inside tables to move between cells as Org mode does; outside
;; tables they do what they did before.

;;; Code:

(require 'cl-lib)
(require 'eglot)
(require 'jsonrpc)
(require 'subr-x)

(defgroup gridls nil
  "Plain-text tables through the gridls language server."
  :group 'text
  :prefix "gridls-")

(defcustom gridls-command '("gridls")
  "The server's program and its arguments."
  :type '(repeat string))

(defcustom gridls-ensure t
  "Non-nil means `gridls-setup' starts eglot in Markdown and rst buffers."
  :type 'boolean)

(defcustom gridls-format-on-save t
  "Non-nil means tables are formatted when the buffer is saved.
Nil also tells the server not to answer eglot's willSaveWaitUntil
with formatting edits, for servers started after (\\[eglot-reconnect])."
  :type 'boolean)

(defcustom gridls-fix-on-save t
  "Non-nil means the safe fixes are made on save, before formatting.
These are the fixes that have one reading only, as `gridls format --fix'
makes them: a grid table whose `|' typing pushed off its border is
re-laid.  Only while `gridls-format-on-save' is non-nil."
  :type 'boolean)

(defcustom gridls-settings nil
  "The server's settings, a plist such as (:reader \"pandoc\").
The keys are those of protocol/README.md, \"Settings\"; they go over
the project's .gridls.json.  Sent when the server starts."
  :type 'plist)

(defcustom gridls-table-keys nil
  "Non-nil means `gridls-table-keys-mode' is on in every gridls buffer."
  :type 'boolean)

(defcustom gridls-enter-leaves-table nil
  "Non-nil means RET at the end of a table's last row leaves the table.
It is then a plain RET instead of adding a row, as Org's does; on other
rows RET still goes down.  Without it, leave a table by moving off it
\(\\[next-line] on the last row) or by \\[newline] outside the table keys."
  :type 'boolean)

;;;; The server

(defclass gridls-server (eglot-lsp-server) ()
  :documentation "The gridls language server.")

(defconst gridls--modes
  '((markdown-mode :language-id "markdown")
    (gfm-mode :language-id "markdown")
    (rst-mode :language-id "restructuredtext")
    (quarto-mode :language-id "quarto")
    (poly-quarto-mode :language-id "quarto"))
  "The major modes gridls serves, with their LSP languageId.")

;;;###autoload
(defun gridls-setup ()
  "Register gridls with eglot and, per `gridls-ensure', start it.
Quarto and R Markdown files open in `markdown-mode' where no Quarto mode
is installed; the server reads them as pandoc does."
  (interactive)
  (add-to-list 'eglot-server-programs
               `(,gridls--modes . (gridls-server ,@gridls-command)))
  (dolist (pattern '("\\.qmd\\'" "\\.[Rr]md\\'"))
    (unless (or (fboundp 'quarto-mode) (fboundp 'poly-quarto-mode)
                (assoc pattern auto-mode-alist)
                (not (fboundp 'markdown-mode)))
      (add-to-list 'auto-mode-alist (cons pattern 'markdown-mode))))
  (when gridls-ensure
    (dolist (hook '(markdown-mode-hook rst-mode-hook))
      (add-hook hook #'gridls--ensure)))
  (add-hook 'eglot-managed-mode-hook #'gridls--managed))

(defvar gridls--missing-told nil
  "Non-nil once the user has been told the server's program is missing.")

(defun gridls--ensure ()
  "Start eglot in this buffer, if the server's program is there; else say so once."
  (cond ((executable-find (car gridls-command)) (eglot-ensure))
        ((not gridls--missing-told)
         (setq gridls--missing-told t)
         (message "gridls: `%s' not found on exec-path; install it (README: Install) or set gridls-command"
                  (car gridls-command)))))

(defun gridls--language-id ()
  "The LSP languageId of the current buffer, by its mode and file name.
The server picks the reader by it: pandoc's for quarto and rmd."
  (let ((extension (downcase (or (file-name-extension (or buffer-file-name "")) ""))))
    (cond ((derived-mode-p 'rst-mode) "restructuredtext")
          ((or (derived-mode-p 'quarto-mode) (equal extension "qmd")) "quarto")
          ((equal extension "rmd") "rmd")
          (t "markdown"))))

;; Eglot 1.9 gives every document of a server one languageId, its first
;; mode's; a .qmd file in `markdown-mode' must say "quarto".
(cl-defmethod jsonrpc-connection-send :around
  ((_server gridls-server) &key method params &allow-other-keys)
  "Send a didOpen's PARAMS with the buffer's own languageId (see METHOD)."
  (when (and (string-suffix-p "textDocument/didOpen" (format "%s" method))
             buffer-file-name)
    (plist-put (plist-get params :textDocument) :languageId (gridls--language-id)))
  (cl-call-next-method))

(cl-defmethod eglot-client-capabilities :around ((_server gridls-server))
  "Eglot's capabilities, and gridls's table ranges."
  (let ((capabilities (cl-call-next-method)))
    (plist-put capabilities :experimental '(:gridls (:tableRanges t)))))

(cl-defmethod eglot-initialization-options ((_server gridls-server))
  "`gridls-settings', with `gridls-format-on-save'."
  (let ((settings (copy-sequence gridls-settings)))
    (unless gridls-format-on-save
      (setq settings (plist-put settings :formatOnSave :json-false)))
    (or settings (make-hash-table))))

(defvar-local gridls--table-ranges nil
  "The tables the server last reported: [FIRST LAST] lines, 0-based.
Nil until it reports them.")

(cl-defmethod eglot-handle-notification
  ((_server gridls-server) (_method (eql gridls/tableRanges)) &key textDocument ranges)
  "Keep RANGES, the tables of TEXTDOCUMENT, for the table keys."
  (when-let ((buffer (find-buffer-visiting
                      (eglot--uri-to-path (plist-get textDocument :uri)))))
    (with-current-buffer buffer
      (setq gridls--table-ranges ranges))))

(defun gridls--server ()
  "The gridls server of the current buffer, or nil."
  (let ((server (and (eglot-managed-p) (eglot-current-server))))
    (and (cl-typep server 'gridls-server) server)))

(defun gridls--managed ()
  "Hook gridls into a buffer eglot manages, or unhook it."
  (cond ((gridls--server)
         ;; Before eglot's willSaveWaitUntil (see `gridls--before-save').
         (add-hook 'before-save-hook #'gridls--before-save -50 t)
         (when gridls-table-keys (gridls-table-keys-mode 1)))
        (t (remove-hook 'before-save-hook #'gridls--before-save t))))

(defun gridls--request (method params)
  "The result of METHOD with PARAMS, the server having the buffer's text."
  (let ((server (or (gridls--server) (user-error "No gridls server in this buffer"))))
    ;; Eglot sends changes when idle; a request must see the text as it is.
    (eglot--signal-textDocument/didChange)
    (jsonrpc-request server method params)))

;;;; Applying edits

;; Eglot 1.9 applies an edit with `replace-buffer-contents', which diffs
;; old and new text with no time limit: minutes for a table of thousands
;; of rows, which gridls rewrites as one edit or one per line.  gridls
;; applies its own edits in linear time instead: one reply's edits are
;; joined into one text, the lines it and the buffer begin and end with
;; stay, and only the lines between are replaced.

(defun gridls--replace-region (beg end text)
  "Replace BEG..END with TEXT, keeping the lines alike at both ends.
Only the lines between are deleted and inserted, so the work is linear
in the text.  Point inside them keeps its line and column; point before
or after them stays where it is in the text."
  (let* ((old (vconcat (split-string (buffer-substring-no-properties beg end) "\n")))
         (new (vconcat (split-string text "\n")))
         ;; Each line kept brings its newline; one line at least is between.
         (most (1- (min (length old) (length new))))
         (first 0) (last 0) (head 0) (tail 0))
    (while (and (< first most) (string= (aref old first) (aref new first)))
      (setq head (+ head 1 (length (aref old first))) first (1+ first)))
    (while (and (< (+ first last) most)
                (string= (aref old (- (length old) last 1)) (aref new (- (length new) last 1))))
      (setq tail (+ tail 1 (length (aref old (- (length old) last 1)))) last (1+ last)))
    (let* ((from (+ beg head)) (to (- end tail))
           (middle (mapconcat #'identity (seq-subseq new first (- (length new) last)) "\n"))
           ;; Point's line among the lines replaced, counted from FROM's.
           (line (and (<= from (point) to)
                      (- (line-number-at-pos nil t) (line-number-at-pos from t))))
           (column (current-column))
           (start (point))
           (from-end (and (> (point) to) (- (point-max) (point)))))
      (unless (string= middle (buffer-substring-no-properties from to))
        (goto-char from)
        (delete-region from to)
        (insert middle)
        (cond (from-end (goto-char (- (point-max) from-end)))
              (line (goto-char from)
                    (forward-line line)
                    (move-to-column column))
              (t (goto-char start)))))))

(defun gridls--move-to-character (character)
  "Move to CHARACTER of the line, an LSP position's, as eglot counts it."
  (let ((tab-width 1))
    (funcall (cond ((boundp 'eglot-move-to-linepos-function)
                    (symbol-value 'eglot-move-to-linepos-function))
                   ((boundp 'eglot-move-to-column-function)
                    (symbol-value 'eglot-move-to-column-function))
                   (t #'move-to-column))
             character)))

(defun gridls--points (positions)
  "The buffer positions of the LSP POSITIONS, each at or after the one before.
One walk down the buffer: eglot's conversion counts lines from the top
for each position."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((line 0))
        (mapcar (lambda (position)
                  (beginning-of-line)
                  (forward-line (- (plist-get position :line) line))
                  (setq line (plist-get position :line))
                  (unless (eobp) (gridls--move-to-character (plist-get position :character)))
                  (point))
                positions)))))

(defun gridls--apply-text-edits (edits &optional version)
  "Apply the LSP text EDITS to the buffer, one undo step, in linear time.
The edits, often one per line, are joined into one text for the span
they cover; `gridls--replace-region' replaces its changed lines.  An
edit for another VERSION of the text than the buffer's is refused."
  (let ((current (symbol-value (if (boundp 'eglot--docver)  ; its name from eglot 1.16
                                   'eglot--docver
                                 'eglot--versioned-identifier))))
    (unless (or (not version) (equal version current))
      (jsonrpc-error "Edits for version %s of %s, which is at %s" version (buffer-name) current)))
  (barf-if-buffer-read-only)
  (unless (seq-empty-p edits)
    (let* ((edits (sort (append edits nil)
                        (lambda (a b)
                          (let ((a (plist-get (plist-get a :range) :start))
                                (b (plist-get (plist-get b :range) :start)))
                            (or (< (plist-get a :line) (plist-get b :line))
                                (and (= (plist-get a :line) (plist-get b :line))
                                     (< (plist-get a :character) (plist-get b :character))))))))
           (points (gridls--points
                    (mapcan (lambda (edit)
                              (let ((range (plist-get edit :range)))
                                (list (plist-get range :start) (plist-get range :end))))
                            edits)))
           (start (car points))
           (parts nil) (previous nil))
      (dolist (edit edits)
        (when previous
          (push (buffer-substring-no-properties previous (car points)) parts))
        (push (plist-get edit :newText) parts)
        (setq previous (cadr points) points (cddr points)))
      (atomic-change-group
        (let ((group (prepare-change-group)))
          (gridls--replace-region start previous
                                  (mapconcat #'identity (nreverse parts) ""))
          (undo-amalgamate-change-group group))))))

(defun gridls--apply-workspace-edit (edit &optional confirm)
  "Apply the LSP workspace EDIT as `gridls--apply-text-edits' does.
With CONFIRM, ask first."
  (let ((documents
         (append (mapcar (lambda (change)
                           (let ((document (plist-get change :textDocument)))
                             (list (eglot--uri-to-path (plist-get document :uri))
                                   (plist-get change :edits) (plist-get document :version))))
                         (plist-get edit :documentChanges))
                 (unless (plist-get edit :documentChanges)
                   (cl-loop for (uri edits) on (plist-get edit :changes) by #'cddr
                            collect (list (eglot--uri-to-path uri) edits nil))))))
    (when (and confirm documents
               (not (y-or-n-p (format "Let gridls edit %s? "
                                      (mapconcat #'car documents ", ")))))
      (jsonrpc-error "Edit cancelled"))
    (pcase-dolist (`(,path ,edits ,version) documents)
      (with-current-buffer (find-file-noselect path)
        (gridls--apply-text-edits edits version)))))

(defun gridls--shorten (value)
  "VALUE, a JSON message or part of one, with long strings and arrays cut."
  (cond ((and (stringp value) (> (length value) 300))
         (format "%s... (%d characters)" (substring value 0 200) (length value)))
        ((vectorp value)
         (vconcat (mapcar #'gridls--shorten (seq-take value 20))
                  (and (> (length value) 20) (list (format "... (%d items)" (length value))))))
        ((proper-list-p value) (mapcar #'gridls--shorten value))
        (t value)))

;; jsonrpc logs each message in the events buffer with `pp-to-string',
;; whose time grows with the square of a text's lines: seconds for a
;; table's edit or a didChange of a few thousand rows.  gridls's messages
;; are logged cut short.
(defun gridls--log-arguments (arguments)
  "`jsonrpc--log-event' ARGUMENTS, the message cut short when it is gridls's."
  (if (cl-typep (car arguments) 'gridls-server)
      (cl-list* (car arguments) (gridls--shorten (cadr arguments)) (cddr arguments))
    arguments))

(advice-add 'jsonrpc--log-event :filter-args #'gridls--log-arguments)

(cl-defmethod eglot-handle-request
  ((_server gridls-server) (_method (eql workspace/applyEdit)) &key _label edit)
  "Apply the server's EDIT, a command's, in linear time.
A read-only buffer refuses it."
  (condition-case err
      (progn (gridls--apply-workspace-edit
              edit (with-suppressed-warnings ((obsolete eglot-confirm-server-initiated-edits))
                     eglot-confirm-server-initiated-edits))
             '(:applied t))
    (buffer-read-only (list :applied :json-false
                            :failureReason (format "%s is read-only" (cadr err))))))

(defun gridls--before-save ()
  "Fix and format per `gridls-fix-on-save' and `gridls-format-on-save'.
A server that fails to answer is reported; the buffer is saved as it is."
  (when (and (gridls--server) gridls-format-on-save (not buffer-read-only))
    (condition-case err
        (progn
          (when gridls-fix-on-save
            (let ((inhibit-message t))  ; eglot's "Edit successful!" on every save
              (gridls-fix-all)))
          ;; Eglot 1.9's own willSaveWaitUntil (after this hook) sends no pending
          ;; changes first and gives up after 0.5 s without a word: ask here.
          (gridls--apply-text-edits
           (gridls--request :textDocument/willSaveWaitUntil
                            (list :textDocument (eglot--TextDocumentIdentifier) :reason 1))))
      (jsonrpc-error
       (message "gridls: tables not formatted: %s"
                (or (alist-get 'jsonrpc-error-message (cdr err)) (error-message-string err)))))
    ;; Eglot's then gets no edits for a text it has not seen.
    (eglot--signal-textDocument/didChange)))

(defun gridls--range (beg end)
  "The LSP range from BEG to END."
  (list :start (eglot--pos-to-lsp-position beg) :end (eglot--pos-to-lsp-position end)))

(defun gridls--perform (action)
  "Carry out the code ACTION: its edit, or its command through the server.
A refused action says why.  An action offered without either (to an
eglot that declares it resolves them) is resolved first."
  (unless (equal (plist-get (plist-get action :data) :command) "gridls.copyTableAsCSV")
    (barf-if-buffer-read-only))
  (when (and (plist-get action :data)
             (not (plist-member action :edit)) (not (plist-member action :command))
             (not (plist-get action :disabled)))
    (setq action (gridls--request :codeAction/resolve action)))
  (let ((disabled (plist-get (plist-get action :disabled) :reason))
        (edit (plist-get action :edit))
        (command (plist-get action :command))
        (position (plist-get (plist-get action :data) :position)))
    (when disabled
      (message "gridls: %s: %s" (plist-get action :title) disabled))
    (when edit
      (gridls--apply-workspace-edit edit))
    (when command
      (gridls--execute (plist-get command :command) (plist-get command :arguments)))
    (when (and edit position)
      (goto-char (eglot--lsp-position-to-point position)))))

(defun gridls--execute (command arguments)
  "Run COMMAND with ARGUMENTS; go to the position in its result.
The region is deactivated, as after any command that edits: an undo
right after undoes the whole action, not its part in the region."
  (let* ((result (with-suppressed-warnings ((obsolete eglot-confirm-server-initiated-edits))
                   ;; The user chose it: the server's workspace/applyEdit is its edit.
                   (let ((eglot-confirm-server-initiated-edits nil))
                     (gridls--request :workspace/executeCommand
                                      (list :command command :arguments arguments)))))
         (position (and (listp result) (plist-get result :position))))
    (deactivate-mark)
    (when position
      (goto-char (eglot--lsp-position-to-point position)))
    result))

(defun gridls-fix-all ()
  "Make the fixes that have one reading only, then format every table."
  (interactive)
  (barf-if-buffer-read-only)
  (let ((actions (gridls--request
                  :textDocument/codeAction
                  (list :textDocument (eglot--TextDocumentIdentifier)
                        :range (gridls--range (point-min) (point-min))
                        :context '(:diagnostics [] :only ["source.fixAll.gridls"])))))
    (seq-doseq (action actions)
      (when (equal (plist-get action :kind) "source.fixAll.gridls")
        (gridls--perform action)))))

;;;; Table actions

(defun gridls--run (command beg end &optional extra)
  "Run the server's COMMAND on BEG..END, with the plist EXTRA beside.
A command that does not apply is reported with the server's reason,
which names the action.  A read-only buffer is left alone."
  (unless (equal command "gridls.copyTableAsCSV")
    (barf-if-buffer-read-only))
  (condition-case err
      (gridls--execute command
                       (vector `(:uri ,(plist-get (eglot--TextDocumentIdentifier) :uri)
                                      :range ,(gridls--range beg end) ,@extra)))
    (jsonrpc-error
     (message "gridls: %s" (or (alist-get 'jsonrpc-error-message (cdr err))
                               (error-message-string err)))
     nil)))

(defun gridls--bounds ()
  "The region's bounds when it is active, else point twice."
  (if (use-region-p) (list (region-beginning) (region-end)) (list (point) (point))))

(defmacro gridls--define-action (name command doc)
  "Define the command NAME running the server's COMMAND at point or region.
DOC is its documentation."
  `(defun ,name (beg end)
     ,(concat doc "\nBEG and END are the region, or point when it is inactive.")
     (interactive (gridls--bounds))
     (gridls--run ,command beg end)))

(gridls--define-action gridls-format-table "gridls.formatTable"
                       "Format the table at point.")
(gridls--define-action gridls-delete-row "gridls.deleteRow" "Delete the row at point.")
(gridls--define-action gridls-delete-column "gridls.deleteColumn"
                       "Delete the column at point.")
(gridls--define-action gridls-move-row-up "gridls.moveRowUp" "Move the row at point up.")
(gridls--define-action gridls-move-row-down "gridls.moveRowDown"
                       "Move the row at point down.")
(gridls--define-action gridls-move-column-left "gridls.moveColumnLeft"
                       "Move the column at point left.")
(gridls--define-action gridls-move-column-right "gridls.moveColumnRight"
                       "Move the column at point right.")
(gridls--define-action gridls-merge "gridls.mergeCells"
                       "Merge the cells from the region's start to its end.")
(gridls--define-action gridls-split "gridls.splitCell" "Split the merged cell at point.")
(gridls--define-action gridls-convert-to-grid "gridls.convertToGrid"
                       "Convert the table to a grid table.")
(gridls--define-action gridls-convert-to-pipe "gridls.convertToPipe"
                       "Convert the table to a pipe table.")
(gridls--define-action gridls-convert-to-simple "gridls.convertToSimple"
                       "Convert the table to a simple table.")
(gridls--define-action gridls-convert-to-multiline "gridls.convertToMultiline"
                       "Convert the table to a pandoc multiline table.")
(gridls--define-action gridls-convert-to-list "gridls.convertToList"
                       "Convert the table to a reStructuredText list-table.")
(gridls--define-action gridls-fit-table "gridls.fitTable"
                       "Re-wrap the grid table's widest columns to fit its maximum width.")
(gridls--define-action gridls-unwrap-cell "gridls.unwrapCell"
                       "Join each paragraph of the grid-table cell at point onto one line.")

(defun gridls-insert-row (above)
  "Insert a row below the one at point; with prefix argument ABOVE, above it."
  (interactive "P")
  (gridls--run (if above "gridls.insertRowAbove" "gridls.insertRowBelow") (point) (point)))

(defun gridls-insert-column (left)
  "Insert a column right of the one at point; with prefix argument LEFT, left."
  (interactive "P")
  (gridls--run (if left "gridls.insertColumnLeft" "gridls.insertColumnRight") (point) (point)))

(defun gridls-sort (descending)
  "Sort the body rows by the column at point; with DESCENDING, descending."
  (interactive "P")
  (gridls--run (if descending "gridls.sortDescending" "gridls.sortAscending") (point) (point)))

(defun gridls-tableize (beg end)
  "Make a table of the lines from BEG to END: CSV, TSV or columns apart.
The first line is the header."
  (interactive "r")
  (gridls--run "gridls.linesToTable" beg end))

(defun gridls-copy-table-as-csv ()
  "Put the table at point in the kill ring as CSV."
  (interactive)
  (when-let ((csv (plist-get (gridls--run "gridls.copyTableAsCSV" (point) (point)) :csv)))
    (kill-new csv)
    (message "gridls: copied %d rows as CSV" (length (split-string csv "\n" t)))))

(defun gridls-insert-table (rows columns)
  "Insert an empty table of ROWS rows (its header among them) and COLUMNS."
  (interactive "nRows (the header among them): \nnColumns: ")
  (gridls--run "gridls.insertTable" (point) (point) (list :rows rows :columns columns)))

(defun gridls-actions (beg end)
  "Choose one of the table actions and quick fixes at BEG..END."
  (interactive (gridls--bounds))
  (let* ((actions (gridls--request
                   :textDocument/codeAction
                   (list :textDocument (eglot--TextDocumentIdentifier)
                         :range (gridls--range beg end) :context '(:diagnostics []))))
         (titles (mapcar (lambda (action) (cons (plist-get action :title) action)) actions)))
    (if (null titles)
        (message "gridls: no table action here")
      (gridls--perform (cdr (assoc (completing-read "Table action: " titles nil t) titles))))))

;;;; Table keys

(defvar gridls-table-keys-mode)

(defconst gridls--keys
  '(("nextCell" "TAB" "<tab>") ("previousCell" "<backtab>" "<S-tab>") ("nextRow" "RET" "<return>"))
  "Each direction of `gridls/navigateCell', with its keys: the usual one first.")

(defun gridls--in-table-p ()
  "Non-nil when the server may see a table on this line.
That is a line of a table it reported, or a line holding a `|' (a table
being begun)."
  (let ((line (1- (line-number-at-pos nil t))))
    (or (seq-some (lambda (range) (<= (aref range 0) line (aref range 1))) gridls--table-ranges)
        (save-excursion (beginning-of-line) (search-forward "|" (line-end-position) t)))))

(defun gridls--navigate (direction)
  "Take a step in DIRECTION; return nil where the server sees no table."
  (when-let ((result (gridls--request
                      :gridls/navigateCell
                      (list :textDocument (eglot--TextDocumentIdentifier)
                            :position (eglot--pos-to-lsp-position)
                            :direction direction))))
    (let ((edits (plist-get result :edits)))
      (unless (seq-empty-p edits)
        ;; What was typed before the key is an undo step of its own.
        (undo-boundary)
        (gridls--apply-text-edits edits)))
    (goto-char (eglot--lsp-position-to-point (plist-get result :position)))
    t))

(defun gridls--fallback (direction)
  "Run what DIRECTION's key does without `gridls-table-keys-mode'."
  (let* ((keys (cdr (assoc direction gridls--keys)))
         (pressed (this-command-keys-vector))
         (command (let ((gridls-table-keys-mode nil))
                    (or (and (member pressed (mapcar #'kbd keys)) (key-binding pressed t))
                        (seq-some (lambda (key) (key-binding (kbd key) t)) keys)))))
    (when (commandp command)
      (setq this-command command)
      (call-interactively command))))

(defun gridls--leaves-table-p (direction)
  "Non-nil when DIRECTION's key is to leave the table.
That is per `gridls-enter-leaves-table':
RET at the end of a table's last row: below it only the bottom
border of a grid or simple table, if any."
  (let ((line (1- (line-number-at-pos nil t))))
    (when-let ((range (and gridls-enter-leaves-table (equal direction "nextRow") (eolp)
                           (seq-find (lambda (range) (<= (aref range 0) line (aref range 1)))
                                     gridls--table-ranges))))
      (save-excursion
        (cl-loop repeat (- (aref range 1) line)
                 always (and (zerop (forward-line 1))
                             (looking-at-p "[ \t]*[-=+][-=+ ]*$")))))))

(defun gridls--key (direction)
  "Step in DIRECTION inside a table, else do what the key did before."
  (unless (and (gridls--server) (gridls--in-table-p) (not (gridls--leaves-table-p direction))
               (gridls--navigate direction))
    (gridls--fallback direction)))

(defun gridls-next-cell ()
  "Realign the table and go to the next cell; past the last, add a row."
  (interactive)
  (gridls--key "nextCell"))

(defun gridls-previous-cell ()
  "Realign the table and go to the previous cell."
  (interactive)
  (gridls--key "previousCell"))

(defun gridls-next-row ()
  "Realign the table and go to the same column of the next row."
  (interactive)
  (gridls--key "nextRow"))

(defvar gridls-table-keys-mode-map
  (let ((map (make-sparse-keymap)))
    (dolist (entry `((gridls-next-cell . ,(cdr (assoc "nextCell" gridls--keys)))
                     (gridls-previous-cell . ,(cdr (assoc "previousCell" gridls--keys)))
                     (gridls-next-row . ,(cdr (assoc "nextRow" gridls--keys)))))
      (dolist (key (cdr entry))
        (define-key map (kbd key) (car entry))))
    map)
  "Keymap of `gridls-table-keys-mode'.")

;;;###autoload
(define-minor-mode gridls-table-keys-mode
  "Org mode's table keys, through gridls, in tables.
TAB goes to the next cell (past the last, a new row), S-TAB to the
previous one, RET to the same column of the next row; each realigns the
table.  Typing a line such as `| Name | Age' and TAB makes it a table's
header.  Outside tables the keys do what they did before."
  :lighter " Tbl")

(provide 'gridls)
;;; gridls.el ends here
