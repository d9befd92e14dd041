;;; test-gridls.el --- gridls.el in real Emacs, headless -*- lexical-binding: t; -*-

;;; Commentary:

;; emacs --batch -Q -l test-gridls.el, with gridls on PATH.  Needs
;; $GRIDLS_WORK (a scratch folder) and writes one `ok'/`FAIL' line per
;; check to $GRIDLS_RESULTS.  Set up as README tells users: eglot from
;; Emacs or Debian's elpa-eglot, markdown-mode, `(gridls-setup)' and
;; `gridls-table-keys'.  Tables are typed as keys, through the command
;; loop (`execute-kbd-macro'); <f2> records the buffer after a key.

;;; Code:

(require 'package)
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(add-to-list 'load-path (file-name-directory (directory-file-name
                                              (file-name-directory load-file-name))))
(require 'gridls)
(setq gridls-table-keys t)
(gridls-setup)
(transient-mark-mode 1)                 ; as in an interactive Emacs
(setq make-backup-files nil eglot-sync-connect 10)

(defvar test-work (getenv "GRIDLS_WORK"))

(defclass test-resolving-server (gridls-server) ()
  :documentation "gridls, to a client that declares it resolves code actions' edits.")
(cl-defmethod eglot-client-capabilities :around ((_server test-resolving-server))
  "The capabilities, with codeAction/resolve for edits."
  (let* ((capabilities (cl-call-next-method))
         (code-action (plist-get (plist-get capabilities :textDocument) :codeAction)))
    (nconc code-action '(:dataSupport t :disabledSupport t :resolveSupport (:properties ["edit"])))
    capabilities))
(defvar test-results nil)

(defun test-check (name got expected)
  "Record check NAME: GOT must equal EXPECTED."
  (push (if (equal got expected)
            (format "ok %s" name)
          (format "FAIL %s: got %S expected %S" name got expected))
        test-results))

(defun test-wait-for (condition)
  "Wait up to 10 s for CONDITION, a function, to hold; its value."
  (let ((deadline (+ (float-time) 10)))
    (while (and (not (funcall condition)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall condition)))

(defun test-lines (text)
  "TEXT as a list of lines, without the newline at its end."
  (split-string (string-remove-suffix "\n" text) "\n"))

(defun test-write (name lines)
  "Write LINES to the file NAME of the scratch folder; its path."
  (let ((path (expand-file-name name test-work)))
    (with-temp-file path (insert (mapconcat #'identity lines "\n") "\n"))
    path))

(defun test-open (name lines)
  "Visit a file NAME of LINES as a user does; wait for gridls's table ranges."
  (find-file (test-write name lines))
  (run-hooks 'post-command-hook)        ; what the command loop does after C-x C-f
  (test-wait-for #'gridls--server)
  (test-wait-for (lambda () gridls--table-ranges)))

(defun test-file (name)
  "The lines of the file NAME of the scratch folder."
  (with-temp-buffer
    (insert-file-contents (expand-file-name name test-work))
    (test-lines (buffer-string))))

(defun test-shown ()
  "The buffer's lines with ‸ at point."
  (test-lines (concat (buffer-substring-no-properties (point-min) (point)) "‸"
                      (buffer-substring-no-properties (point) (point-max)))))

(defvar test-states nil "The buffers <f2> recorded, first first.")
(defun test-record ()
  "Record the buffer with point, leaving `last-command' as it was (an undo goes on)."
  (interactive)
  (setq this-command last-command)
  (setq test-states (append test-states (list (test-shown)))))
(global-set-key (kbd "<f2>") #'test-record)
(global-set-key (kbd "<f5>") #'gridls-insert-row)
(global-set-key (kbd "<f6>") #'gridls-merge)
(global-set-key (kbd "<f7>") #'gridls-move-row-down)

(defun test-keys (&rest keys)
  "Press KEYS: strings typed as they are, or `kbd' notation in vectors."
  (setq test-states nil)
  (execute-kbd-macro
   (apply #'vconcat (mapcar (lambda (k) (if (vectorp k) (kbd (aref k 0)) k)) keys))))

(defun test-goto (line column)
  "Move to LINE (1-based) and COLUMN (0-based)."
  (goto-char (point-min))
  (forward-line (1- line))
  (move-to-column column))

(defun test-server-in-sync (name)
  "Check NAME: the server's copy of the buffer is its text."
  (test-check (concat name ": the server has the buffer")
              (plist-get (gridls--request :gridls/documentState
                                          (list :textDocument (eglot--TextDocumentIdentifier)
                                                :includeText t))
                         :text)
              (buffer-substring-no-properties (point-min) (point-max))))

(defun test-reader ()
  "The reader the server reads the buffer with."
  (plist-get (gridls--request :gridls/documentState
                              (list :textDocument (eglot--TextDocumentIdentifier)))
             :reader))

(defun test-same-as-without-gridls (name lines line column keys)
  "Check NAME: KEYS at LINE, COLUMN of a file of LINES do what they do in
the same mode without `gridls-table-keys-mode'; the lines."
  (test-open (concat name ".md") lines)
  (test-goto line column)
  (execute-kbd-macro keys)
  (let ((with (buffer-substring-no-properties (point-min) (point-max))))
    (with-current-buffer (switch-to-buffer (generate-new-buffer name))
      (insert (mapconcat #'identity lines "\n") "\n")
      (markdown-mode)
      (test-goto line column)
      (execute-kbd-macro keys)
      (test-check (concat name ": the keys as without gridls")
                  with (buffer-substring-no-properties (point-min) (point-max))))
    (test-lines with)))

(defun test-action (command)
  "The code action at point whose data names COMMAND."
  (seq-find (lambda (action) (equal (plist-get (plist-get action :data) :command) command))
            (gridls--request :textDocument/codeAction
                             (list :textDocument (eglot--TextDocumentIdentifier)
                                   :range (gridls--range (point) (point))
                                   :context '(:diagnostics [])))))

(defvar test-diffs 0 "How many times `replace-buffer-contents' ran: a diff with no time limit.")
(advice-add 'replace-buffer-contents :before (lambda (&rest _) (setq test-diffs (1+ test-diffs))))

(defvar-local test-changed-lines nil "The lines each change of the buffer left, as recorded.")
(defun test-record-change (beg end _length)
  "Record how many lines BEG..END, a change just made, spans."
  (push (count-lines beg end) test-changed-lines))

(defun test-table (rows)
  "A pipe table of ROWS body rows, aligned, its first column wider than its rows."
  (append '("| identifier | num |" "| ---------- | --- |")
          (cl-loop for row from 1 to rows collect (format "| %-10s | %-3d |" (format "r%d" row) (% row 10)))))

(defun test-message-count (text)
  "How many lines of *Messages* hold TEXT."
  (with-current-buffer "*Messages*"
    (cl-count-if (lambda (line) (string-search text line))
                 (test-lines (buffer-substring-no-properties (point-min) (point-max))))))

(defun test-last-message ()
  "The last line of *Messages*."
  (with-current-buffer "*Messages*"
    (car (last (test-lines (buffer-substring-no-properties (point-min) (point-max)))))))

(condition-case-unless-debug err
    (progn
      ;; Format on save, through eglot's willSaveWaitUntil.
      (test-open "save.md" '("# Notes" "" "|a|b|" "|-|-:|" "|long cell|1|"))
      (test-check "mode and server" (list major-mode (eglot--language-id (gridls--server)) (test-reader))
                  '(markdown-mode "markdown" "portable"))
      (goto-char (point-min))
      (test-keys ["C-e"] "!" ["C-x C-s"])
      (test-check "format on save" (test-file "save.md")
                  '("# Notes!" "" "| a         |   b |" "| --------- | --: |" "| long cell |   1 |"))

      ;; Fix on save: text typed into a grid cell pushed its | off the border; the table saved is re-laid.
      (test-open "fix.md" '("+-----+---+" "| abc | d |" "+-----+---+"))
      (test-goto 2 5)
      (test-keys "de" ["C-x C-s"])
      (test-check "fix on save" (test-file "fix.md") '("+-------+---+" "| abcde | d |" "+-------+---+"))
      (setq gridls-fix-on-save nil)
      (test-open "nofix.md" '("+-----+---+" "| abc | d |" "+-----+---+"))
      (test-goto 2 5)
      (test-keys "de" ["C-x C-s"])
      (test-check "gridls-fix-on-save nil: the broken table saved as typed" (test-file "nofix.md")
                  '("+-----+---+" "| abcde | d |" "+-----+---+"))
      (setq gridls-fix-on-save t)

      ;; A table typed from nothing: a header, TAB through the cells, RET onto new rows.
      (test-open "typed.md" '("Notes" ""))
      (goto-char (point-max))
      (test-keys "| Name | Age" ["TAB <f2>"] "Ada" ["TAB <f2>"] "36" ["RET <f2> <backtab> <f2>"]
                 "Grace" ["TAB <f2>"] "85" ["RET <f2>"])
      (test-check "typing: header then TAB opens a row" (nth 0 test-states)
                  '("Notes" "" "| Name | Age |" "| ---- | --- |" "| ‸     |     |"))
      (test-check "typing: TAB to the next cell" (nth 1 test-states)
                  '("Notes" "" "| Name | Age |" "| ---- | --- |" "| Ada  | ‸    |"))
      (test-check "typing: RET opens a row in the same column" (nth 2 test-states)
                  '("Notes" "" "| Name | Age |" "| ---- | --- |" "| Ada  | 36  |" "|      | ‸    |"))
      (test-check "typing: S-TAB goes back" (nth 3 test-states)
                  '("Notes" "" "| Name | Age |" "| ---- | --- |" "| Ada  | 36  |" "| ‸     |     |"))
      (test-check "typing: realigned on the way" (nth 4 test-states)
                  '("Notes" "" "| Name  | Age |" "| ----- | --- |" "| Ada   | 36  |" "| Grace | ‸    |"))
      (test-check "typing: the last RET" (nth 5 test-states)
                  '("Notes" "" "| Name  | Age |" "| ----- | --- |" "| Ada   | 36  |" "| Grace | 85  |"
                    "|       | ‸    |"))
      (test-server-in-sync "after typing")
      ;; Each key that edits is an undo step: the last RET (a new row), then the 85 typed before it.
      (test-keys ["C-_ <f2> C-_ <f2>"])
      (test-check "undo the last RET" (nth 0 test-states)
                  '("Notes" "" "| Name  | Age |" "| ----- | --- |" "| Ada   | 36  |" "| Grace | 85‸    |"))
      (test-check "undo what was typed in the cell" (nth 1 test-states)
                  '("Notes" "" "| Name  | Age |" "| ----- | --- |" "| Ada   | 36  |" "| Grace | ‸    |"))
      (test-keys "x" ["DEL C-x C-s"])
      (test-check "typing: the file saved" (test-file "typed.md")
                  '("Notes" "" "| Name  | Age |" "| ----- | --- |" "| Ada   | 36  |" "| Grace |     |"))

      ;; Outside tables, and in a code block, the keys do what markdown-mode's do
      ;; (TAB indents the line, RET keeps the indentation).
      (test-check "keys outside tables"
                  (test-same-as-without-gridls "prose" '("Notes" "" "Text") 3 4 (vconcat "x" (kbd "TAB") "y" (kbd "RET") "z"))
                  '("Notes" "" "\tTextxy" "\tz"))
      (test-check "keys in a code block"
                  (test-same-as-without-gridls "code" '("```ocaml" "match o with" "| Some x -> x" "```") 3 13
                                               (vconcat (kbd "TAB") "y" (kbd "RET") "z"))
                  '("```ocaml" "match o with" "\t| Some x -> xy" "\tz" "```"))

      ;; Table actions on keys: insert a row, undo it, move a row down twice, merge a region.
      (test-open "edit.md" '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "| 3   | 4   |" "| 5   | 6   |"))
      (let ((before (buffer-string)))
        (test-goto 3 2)
        (test-keys ["<f5>"])
        (test-check "insert row below" (test-lines (buffer-string))
                    '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "|     |     |" "| 3   | 4   |" "| 5   | 6   |"))
        (test-keys ["C-_"])
        (test-check "undo insert" (buffer-string) before)
        (test-goto 3 2)
        (test-keys ["<f7> <f7>"])
        (test-check "move a row down twice" (test-shown)
                    '("| a   | b   |" "| --- | --- |" "| 3   | 4   |" "| 5   | 6   |" "| ‸1   | 2   |"))
        (test-keys ["C-_ C-_"])
        (test-check "undo the moves" (buffer-string) before)
        (test-goto 3 2)
        (test-keys ["C-SPC C-n <f6>"])
        (test-check "merge the cells of the region" (test-lines (buffer-string))
                    '("+---+---+" "| a | b |" "+===+===+" "| 1 | 2 |" "| 3 +---+" "|   | 4 |" "+---+---+"
                      "| 5 | 6 |" "+---+---+"))
        (test-server-in-sync "after the actions"))
      (test-open "columns.md" '("Text" "" "| a   | b   |" "| --- | --- |"))
      (gridls-merge 1 3)
      (test-check "an action that does not apply says why"
                  (test-last-message)
                  "gridls: Merge cells does not apply at this place")

      ;; Lines made a table, the table copied back as CSV.
      (test-open "csv.md" '("Cities" "name,population" "\"Paris, France\",2100000" "End"))
      (test-goto 2 0)
      (push-mark (progn (forward-line 2) (point)) t t)
      (test-goto 2 0)
      (call-interactively #'gridls-tableize)
      (test-check "lines to table" (test-lines (buffer-string))
                  '("Cities" "" "| name          | population |" "| ------------- | ---------- |"
                    "| Paris, France | 2100000    |" "" "End"))
      (test-goto 5 3)
      (gridls-copy-table-as-csv)
      (test-check "copy as CSV" (current-kill 0) "name,population\n\"Paris, France\",2100000\n")
      (test-goto 1 0)
      (gridls-insert-table 2 3)
      (test-check "insert table" (seq-take (test-shown) 6)
                  '("Cities" "" "| ‸    |     |     |" "| --- | --- | --- |" "|     |     |     |" ""))

      ;; Undo right after a region action undoes all of it: the action deactivates the region.
      (test-open "csv2.md" '("name,age" "ann,31" "bob,4" ""))
      (let ((before (buffer-string)))
        (test-keys ["M-< C-SPC C-n C-n C-e"] ["M-x"] "gridls-tableize" ["RET"])
        (test-check "tableize: the region deactivated" (list mark-active (nth 0 (test-lines (buffer-string))))
                    '(nil "| name | age |"))
        (test-keys ["C-_"])
        (test-check "tableize: undo restores the lines" (buffer-string) before))

      ;; A read-only buffer is left alone by the actions and on save.
      (test-open "readonly.md" '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "" "|x|y|" "|-|-|"))
      (let ((before (buffer-string)))
        (test-goto 3 2)
        (test-keys ["C-x C-q"])
        (ignore-errors (test-keys ["<f5>"]))
        (test-check "read-only: insert row refused" (list (buffer-modified-p) (buffer-string)) (list nil before))
        (test-goto 5 1)
        (ignore-errors (test-keys ["TAB"]))
        (test-check "read-only: TAB does not realign" (list (buffer-modified-p) (buffer-string)) (list nil before))
        (gridls--before-save)
        (test-check "read-only: nothing formatted on save" (buffer-string) before)
        (test-keys ["C-x C-q"]))

      ;; Large tables: gridls applies the server's one edit itself, line by line from both ends,
      ;; without eglot's `replace-buffer-contents' (minutes for thousands of rows).
      (test-open "large.md" (append '("|a|b|" "|-|-|") (cl-loop for row from 1 to 5000 collect (format "|r%d|%d|" row row))))
      (add-hook 'after-change-functions #'test-record-change nil t)
      (test-keys ["M-> x DEL"])
      (setq test-diffs 0 test-changed-lines nil)
      (test-keys ["C-x C-s"])
      (test-check "large table: saved formatted, one change, without a diff"
                  (list test-diffs (length test-changed-lines)
                        (seq-take (test-file "large.md") 2) (car (last (test-file "large.md"))))
                  '(0 2 ("| a     | b    |" "| ----- | ---- |") "| r5000 | 5000 |"))
      ;; jsonrpc's events buffer pretty-prints each message, in time growing with the square of its lines.
      (test-check "large table: the events buffer has the messages cut short"
                  (with-current-buffer (jsonrpc-events-buffer (gridls--server))
                    (save-excursion (goto-char (point-min)) (and (search-forward "| r2500 |" nil t) t)))
                  nil)
      (test-open "large2.md" (test-table 2000))
      (add-hook 'after-change-functions #'test-record-change nil t)
      (test-goto 1002 2)
      (setq test-diffs 0 test-changed-lines nil)
      (test-keys "x" ["TAB <f2>"])
      (test-check "large table: TAB rewrites the changed row only, without a diff"
                  (list test-diffs (apply #'max test-changed-lines) (nth 1001 (nth 0 test-states)))
                  (list 0 1 (format "| %-10s | ‸0   |" "xr1000")))
      (test-server-in-sync "after a large table")

      ;; gridls-enter-leaves-table: RET at the end of the last row leaves the table; above, it moves.
      (setq gridls-enter-leaves-table t)
      (test-open "leave.md" '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "| 3   | 4   |"))
      (test-goto 3 0)
      (test-keys ["C-e RET <f2>"] ["C-e RET"] "x")
      (test-check "RET leaves the table: a row above the last moves" (nth 3 (nth 0 test-states))
                  "| 3   | ‸4   |")
      (test-check "RET leaves the table: at the last row" (test-lines (buffer-string))
                  '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "| 3   | 4   |" "x"))
      (setq gridls-enter-leaves-table nil)

      ;; Without the server's program: one plain line, once; no error from a hook.
      (let ((exec-path nil)
            (folder (expand-file-name "missing" test-work)))
        (make-directory folder t)
        (dolist (name '("one.md" "two.md"))
          (test-write (concat "missing/" name) '("|a|" "|-|"))
          (test-keys ["C-x C-f"] (expand-file-name name folder) ["RET"]))
        (test-check "server missing: one plain line, once"
                    (list (test-message-count "not found on exec-path; install it (README: Install) or set gridls-command")
                          (test-message-count "Error in post-command-hook")
                          (and (gridls--server) t))
                    '(1 0 nil)))

      ;; A reStructuredText simple table (no `|' on its lines), walked with TAB and S-TAB.
      (test-open "simple.rst" '("Title" "=====" "" "=====  =====" "Name   Age" "=====  =====" "Ada    36"
                                "Bob    7" "=====  ====="))
      (test-check "rst: mode and reader" (list major-mode (test-reader)) '(rst-mode "docutils"))
      (test-goto 7 0)
      (test-keys ["TAB <f2>"] "1000" ["TAB <f2> <backtab> <f2>"])
      (test-check "simple table: TAB realigns and moves" (nth 0 test-states)
                  '("Title" "=====" "" "====  ===" "Name  Age" "====  ===" "Ada   ‸36" "Bob   7" "====  ==="))
      (test-check "simple table: TAB to the next row" (nth 1 test-states)
                  '("Title" "=====" "" "====  ======" "Name  Age" "====  ======" "Ada   100036" "‸Bob   7"
                    "====  ======"))
      (test-check "simple table: S-TAB back" (nth 6 (nth 2 test-states)) "Ada   ‸100036")

      ;; Quarto without a Quarto mode: markdown-mode, read by pandoc's reader.
      (test-open "report.qmd" '("---" "title: Report" "---" "" "| Key | Age |" "|-|-|" "| Ada | 36 |"))
      (test-check "quarto: mode and reader" (list major-mode (test-reader)) '(markdown-mode "pandoc"))
      (test-goto 7 2)
      (test-keys ["TAB <f2>"])
      (test-check "quarto: TAB in a pipe table" (nth 0 test-states)
                  '("---" "title: Report" "---" "" "| Key | Age |" "| --- | --- |" "| Ada | ‸36  |"))
      (test-open "analysis.Rmd" '("| a |" "|-|"))
      (test-check "R Markdown: reader" (test-reader) "pandoc")

      ;; gridls-format-on-save nil, for a server started after: the file is saved as it is.
      (maphash (lambda (_ servers) (mapc #'eglot-shutdown servers)) eglot--servers-by-project)
      (setq gridls-format-on-save nil gridls-fix-on-save t)
      (test-open "nosave.md" '("|a|b|" "|-|-|" "" "+-----+---+" "| abc | d |" "+-----+---+"))
      (test-goto 5 5)
      (test-keys "de" ["C-x C-s"])
      (test-check "gridls-format-on-save nil" (test-file "nosave.md")
                  '("|a|b|" "|-|-|" "" "+-----+---+" "| abcde | d |" "+-----+---+"))

      ;; An eglot that resolves code actions (Emacs 30's declares it) gets them without their edits:
      ;; gridls.el resolves them itself.
      (maphash (lambda (_ servers) (mapc #'eglot-shutdown servers)) eglot--servers-by-project)
      (setq gridls-format-on-save t)
      (push `(,gridls--modes . (test-resolving-server "gridls")) eglot-server-programs)
      (test-open "resolve.md" '("| a   | b   |" "| --- | --- |" "| 1   | 2   |" "" "+-----+---+" "| abc | d |" "+-----+---+"))
      (test-goto 3 2)
      (gridls--perform (test-action "gridls.insertRowAbove"))
      (test-check "resolved: an action, and point in its row" (seq-take (test-shown) 4)
                  '("| a   | b   |" "| --- | --- |" "| ‸    |     |" "| 1   | 2   |"))
      (test-goto 7 2)
      (gridls--perform (test-action "gridls.deleteRow"))
      (test-check "a refused action says why" (test-last-message)
                  "gridls: Delete row: a table needs at least one row")
      (test-goto 7 5)
      (test-keys "de" ["C-x C-s"])
      (test-check "resolved: fix on save" (test-file "resolve.md")
                  '("| a   | b   |" "| --- | --- |" "|     |     |" "| 1   | 2   |" ""
                    "+-------+---+" "| abcde | d |" "+-------+---+")))
  (error (push (format "FAIL exception: %S" err) test-results)))

(with-temp-file (getenv "GRIDLS_RESULTS")
  (insert (mapconcat #'identity (reverse test-results) "\n") "\n"))
(kill-emacs 0)

;;; test-gridls.el ends here
