<!-- CASDA-shaped staging: the evaluation-file table, a datalink service whose answer carries
  CASDA's authenticated_id_token and an async_service descriptor, and an asynchronous SODA service
  (UWS) that turns tokens into files, each with a CASDA .checksum result beside it, or, for files
  kept in the object store (store = object), into pre-signed links to the testbed's object store,
  some without a checksum (checksum = no), as CASDA serves them now. Both services
  need HTTP Basic credentials of a user in the group "opal" (dachs adm adduser / addtogroup). A file
  whose access_group the user is not in gets no token, as CASDA does for proprietary data, and
  link_authorized false (DataLink 1.1's link_auth and link_authorized columns). -->
<resource schema="casda" resdir="casda">
  <meta name="title">Testbed CASDA staging</meta>
  <meta name="description">Evaluation files, datalink and async SODA for the surveyor testbed.</meta>
  <meta name="creationDate">2026-11-23T00:00:00</meta>
  <meta name="subject">radio-astronomy</meta>

  <table id="observation_evaluation_file" onDisk="True" adql="True">
    <meta name="description">Evaluation files per scheduling block (CASDA-shaped).</meta>
    <column name="sbid" type="integer" required="True"/>
    <column name="format" type="text"/>
    <column name="filename" type="text"/>
    <column name="filesize" type="bigint" unit="kbyte"/>
    <column name="access_url" type="text" ucd="meta.ref.url"/>
  </table>

  <table id="files" onDisk="True" adql="False" primary="did">
    <meta name="description">Where each stageable file lives, and who may read it (not in TAP).</meta>
    <column name="did" type="text"/>
    <column name="path" type="text"/>
    <column name="access_group" type="text"/>
    <column name="size" type="bigint"/>
    <column name="store" type="text"
      description="archive: a result under the job's URL; object: a pre-signed link to the object store"/>
    <column name="checksum" type="text" description="yes: a .checksum result beside the file; no: none"/>
  </table>

  <data id="import">
    <sources>data/evaluation.csv</sources>
    <csvGrammar/>
    <make table="observation_evaluation_file">
      <rowmaker idmaps="*"/>
    </make>
  </data>

  <data id="import_files">
    <sources>data/files.csv</sources>
    <csvGrammar/>
    <make table="files">
      <rowmaker idmaps="*"/>
    </make>
  </data>

  <STREAM id="tokens">
    <!-- Tokens are the did and an HMAC of it under the testbed's own key. -->
    <setup imports="hmac,hashlib,base64,os">
      <code>
        def tokenKey():
          with open(os.path.join(base.getConfig("configDir"), "surveyor-token-key"), "rb") as f:
            return f.read().strip()

        def makeToken(did):
          mac = hmac.new(tokenKey(), did.encode(), hashlib.sha256).hexdigest()
          return base64.urlsafe_b64encode(did.encode()).decode().rstrip("=") + "." + mac

        def readToken(token):
          body, _, mac = token.partition(".")
          did = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
          want = hmac.new(tokenKey(), did.encode(), hashlib.sha256).hexdigest()
          if not hmac.compare_digest(want, mac):
            raise base.ValidationError("not a valid token", "ID")
          return did
      </code>
    </setup>
  </STREAM>

  <service id="links" limitTo="opal" allowed="api">
    <meta name="title">Testbed datalink (CASDA-shaped)</meta>
    <pythonCore>
      <inputTable>
        <inputKey name="ID" type="text" multiplicity="multiple" required="True"
          description="obs_publisher_did of a file"/>
      </inputTable>
      <outputTable/>
      <coreProc>
        <FEED source="tokens"/>
        <setup imports="html,gavo.protocols.creds">
          <code><![CDATA[
            def td(v):
              return "<TD/>" if v is None else "<TD>%s</TD>" % html.escape(str(v))
          ]]></code>
        </setup>
        <code><![CDATA[
          ids = inputTable.args["ID"]
          user, password = queryMeta["user"], queryMeta["password"]
          rows = []
          with base.getTableConn() as conn:
            for did in ids:
              found = list(conn.query("SELECT access_group, size FROM casda.files WHERE did=%(did)s",
                {"did": did}))
              if not found:
                rows.append([did, None, None, "NotFoundFault: no file %s" % did, None, None, None, None, None, None, None])
                continue
              group, size = found[0]
              allowed = group == "public" or creds.hasCredentials(user, password, group)
              token = makeToken(did) if allowed else None
              # DataLink 1.1: whether the link needs authentication, and whether this caller may
              # follow it (CASDA leaves the token out as well).
              rows.append([did, None, "async_service", None, "#this",
                "Asynchronous access to the file", "application/octet-stream", size, token,
                "optional" if group == "public" else "required", "T" if allowed else "F"])
          soda = service.rd.getById("soda").getURL("async")
          names = ["ID", "access_url", "service_def", "error_message", "semantics", "description",
            "content_type", "content_length", "authenticated_id_token", "link_auth", "link_authorized"]
          types = (['datatype="char" arraysize="*"'] * 7 + ['datatype="long"'] +
            ['datatype="char" arraysize="*"'] * 2 + ['datatype="boolean"'])
          out = ['<?xml version="1.0" encoding="UTF-8"?>',
            '<VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3">',
            '<RESOURCE type="results">',
            '<INFO name="standardID" value="ivo://ivoa.net/std/DataLink#links-1.1"/>',
            '<TABLE>']
          out += ['<FIELD name="%s" %s/>' % (n, t) for n, t in zip(names, types)]
          out.append('<DATA><TABLEDATA>')
          out += ["<TR>%s</TR>" % "".join(td(v) for v in r) for r in rows]
          out += ['</TABLEDATA></DATA></TABLE></RESOURCE>',
            '<RESOURCE type="meta" utype="adhoc:service" ID="async_service">',
            '<PARAM name="standardID" datatype="char" arraysize="*" value="ivo://ivoa.net/std/SODA#async-1.0"/>',
            '<PARAM name="accessURL" datatype="char" arraysize="*" value="%s"/>' % html.escape(soda),
            '<GROUP name="inputParams"><PARAM name="ID" datatype="char" arraysize="*" value=""/></GROUP>',
            '</RESOURCE></VOTABLE>']
          return "application/x-votable+xml;content=datalink", "\n".join(out).encode()
        ]]></code>
      </coreProc>
    </pythonCore>
  </service>

  <service id="soda" limitTo="opal" allowed="async">
    <meta name="title">Testbed async SODA (CASDA-shaped)</meta>
    <pythonCore>
      <inputTable>
        <inputKey name="ID" type="text" multiplicity="multiple" required="True"
          description="authenticated_id_token values from the datalink answer"/>
      </inputTable>
      <outputTable/>
      <coreProc>
        <FEED source="tokens"/>
        <setup imports="os,shutil,zlib,hashlib,time,urllib.request,urllib.parse"/>
        <code><![CDATA[
          job = inputTable.job
          files = os.path.join(base.getConfig("inputsDir"), "casda", "files")
          time.sleep(float(os.environ.get("SURVEYOR_TESTBED_SODA_DELAY", "1")))
          with base.getTableConn() as conn:
            # UWS stores parameter names in lower case.
            tokens = inputTable.args.get("ID") or inputTable.args.get("id") or []
            for token in [tokens] if isinstance(tokens, str) else tokens:
              did = readToken(token)
              found = list(conn.query("SELECT path, store, checksum FROM casda.files WHERE did=%(did)s",
                {"did": did}))
              if not found:
                raise base.ValidationError("no file %s" % did, "ID")
              name, store, with_checksum = found[0]
              path = os.path.join(files, name)
              crc, sha1, size = 0, hashlib.sha1(), 0
              with open(path, "rb") as src:
                while True:
                  chunk = src.read(65536)
                  if not chunk:
                    break
                  crc = zlib.crc32(chunk, crc)
                  sha1.update(chunk)
                  size += len(chunk)
              if store == "object":
                # As CASDA now does: the file goes to the object store and the result is a
                # pre-signed link to it (serve.py lists it as the result's href).
                objects = os.environ["SURVEYOR_TESTBED_OBJECTSTORE"]
                with open(path, "rb") as src:
                  publish = urllib.request.Request("%s/_testbed/publish?key=%s" % (objects, urllib.parse.quote(name)),
                    data=src, method="POST",
                    headers={"Content-Type": "application/octet-stream", "Content-Length": str(size)})
                  with urllib.request.urlopen(publish, timeout=30) as answer:
                    link = answer.read()
                with job.openResult("application/x-surveyor-link", name) as dst:
                  dst.write(link)
              else:
                with open(path, "rb") as src, job.openResult("application/octet-stream", name) as dst:
                  shutil.copyfileobj(src, dst, 65536)
              if with_checksum == "yes":
                with job.openResult("text/plain", name + ".checksum") as dst:
                  dst.write(("%08x %s %x" % (crc, sha1.hexdigest(), size)).encode())
          return None
        ]]></code>
      </coreProc>
    </pythonCore>
  </service>
</resource>
